"""A class: students joining with a code, name and PIN, the teacher's view and password, and
the projector's demonstration. Imports ``tutor.views``, ``tutor.store``, ``tutor.table``,
``tutor.lessons``, ``tutor.serving`` and below."""
