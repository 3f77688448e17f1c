//! Tools for kibitzer's own tests, benchmarks, examples and fuzz targets:
//! realistic generated archives, and checks that the quick paths agree
//! with the full reader. Built only with the `testing` feature, so the
//! product carries none of it.

pub mod fuzz;
pub mod generate;
pub mod selfcheck;
