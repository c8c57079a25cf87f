mod interrupt;
