//! PDF rendering: the only module that imports printpdf.
