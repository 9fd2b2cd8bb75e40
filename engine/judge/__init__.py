"""The judge: ``apply(state, action)``, what each action does, the legal actions and the going-out
search. Imports ``engine.core`` only; a variant decides through its rules object's data and hooks."""
