//! Page layout: pure geometry from a book plan to backend-neutral pages.
