//! Book specs (TOML) and the plan of what goes into a book.
