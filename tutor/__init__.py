"""canasta-tutor: the app and the lesson runner, standing on :mod:`engine`."""
