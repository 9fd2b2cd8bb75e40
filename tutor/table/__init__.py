"""One table's view-model: the game or lesson being played, taps turned into actions, what is said,
the seats a person or a computer player holds, and the work sent to the process pool. No Flet here.
Imports ``tutor.lessons``, ``tutor.text`` and the engine."""
