"""Pure views: a model and callbacks in, Flet controls out (widgets, the table, its panels, the
screens around it). No handler decides a rule. Imports ``tutor.table``, ``tutor.lessons``,
``tutor.store``'s settings, ``tutor.text`` and the engine."""
