//! Mushikui-zan (虫食い算): arithmetic in columns with hidden digits.
