mod check;
mod generate;
mod grade;
mod model;
mod solver;
