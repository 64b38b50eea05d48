//! Game scripts (`script:FILE`, `script:{...}`) through every command.

mod cache;
mod examples;
mod games;
mod params;
mod ranges;
mod sandbox;
