use super::Lines;

#[test]
fn places_count_utf16_units() {
    let text = "[Event \"Café\"]\r\n\r\n1. e4 é5 𝄞 Nf3\rO-O\n";
    let lines = Lines::new(text);
    // Line 3 starts after the two CR LF line ends.
    let line3 = text.find("1.").unwrap();
    assert_eq!(lines.utf16(line3), line3 - 1); // é is two bytes, one unit
    let (from, to) = lines.place(3, 12, "Nf3");
    let units: Vec<u16> = text.encode_utf16().collect();
    assert_eq!(String::from_utf16(&units[from..to]).unwrap(), "Nf3");
    // A CR alone ends a line too.
    let (from, to) = lines.place(4, 1, "");
    assert_eq!(String::from_utf16(&units[from..to]).unwrap(), "O-O");
}

#[test]
fn offsets_on_an_endless_line_are_counted_from_a_mark() {
    let text = "é".repeat(10_000);
    let lines = Lines::new(&text);
    assert!(lines.marks.len() > 10);
    assert_eq!(lines.utf16(text.len()), 10_000);
    assert_eq!(lines.utf16(3), 1); // inside a character: rounded down
}
