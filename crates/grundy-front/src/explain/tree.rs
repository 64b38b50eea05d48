//! The game tree of a position to a depth: every move (the first [`BRANCHES`] of each node, the
//! rest counted), each position with its value and class, as text with branches drawn and as an
//! SVG picture with the P-positions marked — the picture a tutorial draws to show why a position
//! wins.

use grundy_core::{analyse, Outcome};
use grundy_registry::spec::Word;
use serde::{Deserialize, Serialize};

use super::ExplainError;
use crate::play::legal_moves;
use crate::registry::Registry;

/// The most moves shown under one position (the others are counted).
pub const BRANCHES: usize = 8;

/// The deepest tree drawn.
pub const MAX_DEPTH: usize = 4;

/// The most positions in one tree.
pub const MAX_NODES: usize = 400;

/// A position of the tree.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Node {
    /// The move that reached it (`None` at the root).
    #[serde(rename = "move")]
    pub description: Option<String>,
    /// The position, as typed (`nim 1 2 + bash:3 4`; `(end)` when nothing is left).
    pub position: String,
    /// Its value.
    pub value: u64,
    /// Its class: P (the player to move loses) or N.
    pub outcome: Outcome,
    /// The moves from it shown, to the depth asked.
    pub children: Vec<Node>,
    /// How many of its moves are not shown (past [`BRANCHES`], or past the depth).
    pub more: usize,
}

/// The tree of `words` to `depth` moves.
pub fn tree(games: &Registry, words: &[String], depth: usize) -> Result<Node, ExplainError> {
    let depth = depth.min(MAX_DEPTH);
    let mut budget = MAX_NODES;
    node(games, words, None, depth, &mut budget)
}

fn node(
    games: &Registry,
    words: &[String],
    description: Option<String>,
    depth: usize,
    budget: &mut usize,
) -> Result<Node, ExplainError> {
    *budget = budget.saturating_sub(1);
    let shown = if words.is_empty() {
        "(end)".to_string()
    } else {
        words.join(" ")
    };
    if words.is_empty() {
        return Ok(Node {
            description,
            position: shown,
            value: 0,
            outcome: Outcome::P,
            children: Vec::new(),
            more: 0,
        });
    }
    let mut sum = games.build_sum(&Word::from_args(words))?;
    let analysis = analyse(&mut sum, 0)?;
    let Some(value) = analysis.grundy.map(|g| g.0) else {
        return Err(ExplainError::Loopy(shown));
    };
    let moves = legal_moves(&sum, None).map_err(|e| match e {
        crate::play::PlayError::Solve(e) => ExplainError::Solve(e),
        crate::play::PlayError::Input(m) => ExplainError::Refused(m),
    })?;
    let mut children = Vec::new();
    let mut more = moves.len();
    if depth > 0 {
        for m in moves.into_iter().take(BRANCHES) {
            if *budget == 0 {
                break;
            }
            children.push(node(
                games,
                &m.words,
                Some(m.description),
                depth - 1,
                budget,
            )?);
            more -= 1;
        }
    }
    Ok(Node {
        description,
        position: shown,
        value,
        outcome: if value == 0 { Outcome::P } else { Outcome::N },
        children,
        more,
    })
}

/// The tree as text, its branches drawn.
pub fn text(root: &Node) -> Vec<String> {
    let mut out = vec![format!(
        "{}  (G = {}, {})",
        root.position,
        root.value,
        class(root)
    )];
    lines(root, "", &mut out);
    out
}

fn class(n: &Node) -> &'static str {
    match n.outcome {
        Outcome::P => "P",
        Outcome::N => "N",
        Outcome::D => "D",
    }
}

fn lines(n: &Node, indent: &str, out: &mut Vec<String>) {
    let last = n.children.len();
    for (i, c) in n.children.iter().enumerate() {
        let end = i + 1 == last && n.more == 0;
        let (branch, deeper) = if end {
            ("└─ ", "   ")
        } else {
            ("├─ ", "│  ")
        };
        out.push(format!(
            "{indent}{branch}{}  →  {}  (G = {}, {})",
            c.description.as_deref().unwrap_or(""),
            c.position,
            c.value,
            class(c)
        ));
        lines(c, &format!("{indent}{deeper}"), out);
    }
    // Past the depth a position's moves are counted in the JSON, not drawn.
    if !n.children.is_empty() && n.more > 0 {
        out.push(format!("{indent}└─ … {} more moves", n.more));
    }
}

/// The tree as an SVG picture: a box per position (its words and `G`), the P-positions
/// filled, the moves as lines from a position down to its options.
pub fn svg(root: &Node) -> String {
    // Leaves take one column each, left to right; a position stands over its options.
    let mut placed: Vec<(f64, usize, &Node)> = Vec::new();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut next = 0.0;
    place(root, 0, &mut next, &mut placed, &mut edges);
    let depth = placed.iter().map(|p| p.1).max().unwrap_or(0);
    const W: f64 = 150.0;
    const H: f64 = 90.0;
    let width = (next.max(1.0) * W) as u64 + 20;
    let height = ((depth + 1) as f64 * H) as u64 + 20;
    let center = |i: usize| {
        (
            placed[i].0 * W + W / 2.0 + 10.0,
            placed[i].1 as f64 * H + 30.0,
        )
    };
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n"
    );
    out += "<style>.P{fill:#cfe9d2;stroke:#2a7a35}.N{fill:#fff;stroke:#555}text{fill:#222}line{stroke:#888}</style>\n";
    for &(a, b) in &edges {
        let ((x1, y1), (x2, y2)) = (center(a), center(b));
        out += &format!(
            "<line x1=\"{x1:.0}\" y1=\"{:.0}\" x2=\"{x2:.0}\" y2=\"{:.0}\"/>\n",
            y1 + 16.0,
            y2 - 16.0
        );
    }
    for (i, (_, _, n)) in placed.iter().enumerate() {
        let (x, y) = center(i);
        let label = escape(&n.position);
        out += &format!(
            "<g><title>{}</title><rect class=\"{}\" x=\"{:.0}\" y=\"{:.0}\" width=\"{:.0}\" height=\"32\" rx=\"6\"/>",
            escape(n.description.as_deref().unwrap_or("the position")),
            class(n),
            x - W / 2.0 + 8.0,
            y - 16.0,
            W - 16.0
        );
        out += &format!(
            "<text x=\"{x:.0}\" y=\"{:.0}\" text-anchor=\"middle\">{label}</text>",
            y - 2.0
        );
        out += &format!(
            "<text x=\"{x:.0}\" y=\"{:.0}\" text-anchor=\"middle\">G = {} · {}{}</text></g>\n",
            y + 12.0,
            n.value,
            class(n),
            if n.more > 0 {
                format!(" · +{}", n.more)
            } else {
                String::new()
            }
        );
    }
    out += "</svg>\n";
    out
}

fn place<'n>(
    n: &'n Node,
    depth: usize,
    next: &mut f64,
    placed: &mut Vec<(f64, usize, &'n Node)>,
    edges: &mut Vec<(usize, usize)>,
) -> usize {
    let me = placed.len();
    placed.push((0.0, depth, n));
    if n.children.is_empty() {
        placed[me].0 = *next;
        *next += 1.0;
        return me;
    }
    let kids: Vec<usize> = n
        .children
        .iter()
        .map(|c| place(c, depth + 1, next, placed, edges))
        .collect();
    for &k in &kids {
        edges.push((me, k));
    }
    let first = placed[kids[0]].0;
    let last = placed[*kids.last().unwrap_or(&kids[0])].0;
    placed[me].0 = (first + last) / 2.0;
    me
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_of_nim_1_2_marks_its_p_positions() {
        let games = crate::registry::standard();
        let words: Vec<String> = ["nim", "1", "2"].iter().map(|s| s.to_string()).collect();
        let root = tree(&games, &words, 2).unwrap();
        assert_eq!((root.value, root.outcome), (3, Outcome::N));
        assert_eq!(root.children.len(), 3);
        // Every child's value is the XOR of its heaps; the move to 1 1 is the winning one.
        let p: Vec<&str> = root
            .children
            .iter()
            .filter(|c| c.outcome == Outcome::P)
            .map(|c| c.position.as_str())
            .collect();
        assert_eq!(p, vec!["nim 1 1"]);
        let t = text(&root);
        assert_eq!(t[0], "nim 1 2  (G = 3, N)");
        assert!(
            t.iter().any(|l| l.contains("→  nim 1 1  (G = 0, P)")),
            "{t:?}"
        );
        let picture = svg(&root);
        assert!(picture.starts_with("<svg") && picture.contains("class=\"P\""));
        assert!(balanced(&picture));
    }

    /// The picture is well-formed enough: every tag that opens closes.
    fn balanced(svg: &str) -> bool {
        svg.matches("<g>").count() == svg.matches("</g>").count()
            && svg.matches("<text").count() == svg.matches("</text>").count()
    }
}
