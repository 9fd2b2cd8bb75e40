"""Tables for people: a table's actor (every action of one table judged in order, in one place), its
seats, its codes, and what each seat is shown (docs/tables.md)."""
