use scoresheet_board::{Position, Square};

use super::{Diagram, diagram};

/// Parses `svg` strictly as XML and returns its root's element count by
/// name, failing the test on malformed XML.
#[track_caller]
fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

fn square(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn start_position_is_valid_svg_with_32_pieces() {
    let svg = diagram(&Position::new(), &Diagram::default());
    let doc = parse(&svg);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let pieces: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece"))
        .collect();
    assert_eq!(pieces.len(), 32);
    let letters: String = pieces
        .iter()
        .filter_map(|n| n.attribute("data-piece"))
        .collect();
    assert_eq!(letters, "rnbqkbnrppppppppPPPPPPPPRNBQKBNR");
    // Every piece refers to a symbol the diagram defines.
    for piece in &pieces {
        let id = piece.attribute("href").unwrap().trim_start_matches('#');
        assert!(
            doc.descendants().any(|n| n.attribute("id") == Some(id)),
            "{id}"
        );
    }
    let squares = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "rect" && n.has_attribute("data-square"))
        .count();
    assert_eq!(squares, 64);
    assert_eq!(root.attribute("data-turn"), Some("w"));
}

#[test]
fn last_move_and_arrows_are_drawn() {
    let mut position = Position::new();
    let m = position
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.to_uci() == "e2e4")
        .unwrap();
    position.play_unchecked(&m);
    let mut options = Diagram::after(&m);
    options.arrows.push((square("g8"), square("f6")));
    let svg = diagram(&position, &options);
    let doc = parse(&svg);
    let marked: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("marked"))
        .filter_map(|n| n.attribute("data-square"))
        .collect();
    assert_eq!(marked, ["e4", "e2"]);
    let arrow = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("arrow"))
        .unwrap();
    assert_eq!(arrow.attribute("data-from"), Some("g8"));
    assert_eq!(arrow.attribute("data-to"), Some("f6"));
    assert_eq!(doc.root_element().attribute("data-turn"), Some("b"));
    let e4 = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("piece") && n.attribute("data-square") == Some("e4"))
        .unwrap();
    assert_eq!(e4.attribute("data-piece"), Some("P"));
}

#[test]
fn flipped_puts_h1_top_left() {
    let svg = diagram(
        &Position::new(),
        &Diagram {
            flipped: true,
            ..Diagram::default()
        },
    );
    let doc = parse(&svg);
    let first = doc
        .descendants()
        .find(|n| n.attribute("data-square") == Some("h1") && n.tag_name().name() == "rect")
        .unwrap();
    assert_eq!(first.attribute("x"), Some("18"));
    assert_eq!(first.attribute("y"), Some("18"));
}

#[test]
fn empty_board_has_no_pieces() {
    let position = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let svg = diagram(
        &position,
        &Diagram {
            no_coordinates: true,
            ..Diagram::default()
        },
    );
    let doc = parse(&svg);
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("piece"))
            .count(),
        2
    );
    assert!(
        !doc.descendants()
            .any(|n| n.attribute("class") == Some("coordinate"))
    );
}
