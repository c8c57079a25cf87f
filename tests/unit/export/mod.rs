mod svg;
