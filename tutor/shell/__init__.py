"""The shell: one browser tab's session wired to Flet's page, its handlers (table, lessons, keys),
the classroom's and the teacher's routes. The top of the app: imports every other package."""
