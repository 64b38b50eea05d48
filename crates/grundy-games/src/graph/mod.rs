//! Games played on graphs and boards: tokens sliding along the edges of a directed graph (acyclic
//! or loopy), tokens moved by fixed vectors on a board, Green Hackenbush and Node Kayles; and the
//! one parser of edge lists they share ([`edges`]).

pub mod edges;
pub mod figure;
pub mod hackenbush;
pub mod movers;
pub mod node_kayles;
pub mod tabulation;
pub mod tokens;
