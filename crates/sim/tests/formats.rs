//! The three map formats against the real files in `tests/data`, bad inputs, and
//! property tests (round trips; `parse_any` never panics).

use proptest::prelude::*;
use torchlit_geom::{Point, Size};
use torchlit_map::TileMap;
use torchlit_sim::formats::{
    AnyMap, AsciiMap, Dungeon, DungeonMonster, FormatErrorKind, ParseError, ParseErrorKind,
    UltimaWorld, parse_any, tile_glyph,
};
use torchlit_sim::terrain::Tile;

const WORLD_10X5: &[u8] = include_bytes!("../../../testdata/ultima/10x5.txt");
const WORLD_30X20: &[u8] = include_bytes!("../../../testdata/ultima/30x20.txt");
const CORNER: &[u8] = include_bytes!("../../../testdata/dungeons/corner.txt");
const LOOP: &[u8] = include_bytes!("../../../testdata/dungeons/loop.txt");
const POTION: &[u8] = include_bytes!("../../../testdata/dungeons/potion.txt");
const TWO_ROOMS: &[u8] = include_bytes!("../../../testdata/dungeons/two_rooms.txt");

const WORLDS: [(&str, &[u8]); 2] = [("10x5.txt", WORLD_10X5), ("30x20.txt", WORLD_30X20)];
const DUNGEONS: [(&str, &[u8]); 4] = [
    ("corner.txt", CORNER),
    ("loop.txt", LOOP),
    ("potion.txt", POTION),
    ("two_rooms.txt", TWO_ROOMS),
];

fn to_crlf(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() * 2);
    for &b in bytes {
        if b == b'\n' {
            out.push(b'\r');
        }
        out.push(b);
    }
    out
}

fn ultima_err(bytes: &[u8]) -> ParseError {
    match UltimaWorld::parse(bytes) {
        Ok(w) => panic!("parsed as {w:?}"),
        Err(e) => e,
    }
}

fn dungeon_err(bytes: &[u8]) -> ParseError {
    match Dungeon::parse(bytes) {
        Ok(d) => panic!("parsed as {d:?}"),
        Err(e) => e,
    }
}

fn at(e: &ParseError) -> (usize, usize) {
    (e.line(), e.column())
}

/// The 10x5 world with line `line` (1-based) replaced.
fn world_with_line(line: usize, text: &str) -> Vec<u8> {
    let src = std::str::from_utf8(WORLD_10X5).expect("ASCII file");
    let mut lines: Vec<&str> = src.lines().collect();
    lines[line - 1] = text;
    let mut out = lines.join("\n");
    out.push('\n');
    out.into_bytes()
}

// ---------------------------------------------------------------- Ultima world

#[test]
fn world_10x5_has_the_avatar_and_the_lava_where_the_file_says() {
    let w = UltimaWorld::parse(WORLD_10X5).expect("valid");
    assert_eq!(w.map.size(), Size::new(10, 5));
    // Ultima (3, 1): second row from the bottom.
    assert_eq!(w.avatar, Point::new(3, 3));
    assert_eq!(w.map.tile(w.avatar), Some(Tile::Grass));
    assert_eq!(w.map.tile(Point::new(5, 2)), Some(Tile::Lava));
    assert_eq!(w.map.tile(Point::new(0, 0)), Some(Tile::Water));
    assert_eq!(w.map.tile(Point::new(5, 1)), Some(Tile::StoneWall));
}

#[test]
fn world_30x20_parses() {
    let w = UltimaWorld::parse(WORLD_30X20).expect("valid");
    assert_eq!(w.map.size(), Size::new(30, 20));
    assert_eq!(w.avatar, Point::new(11, 9));
    assert!(w.map.is_passable(w.avatar));
    let lava = w.map.iter().filter(|&(_, t)| t == Tile::Lava).count();
    assert_eq!(lava, 5);
}

#[test]
fn worlds_round_trip_byte_for_byte() {
    for (name, bytes) in WORLDS {
        let w = UltimaWorld::parse(bytes).map_err(|e| e.in_file(name)).expect("valid");
        let text = w.to_text();
        assert_eq!(text.as_bytes(), bytes, "{name}");
        assert_eq!(UltimaWorld::parse(text.as_bytes()), Ok(w), "{name}");
    }
}

#[test]
fn crlf_and_missing_final_newline_parse_identically() {
    for (name, bytes) in WORLDS.into_iter().chain(DUNGEONS) {
        let lf = parse_any(bytes).expect(name);
        assert_eq!(parse_any(&to_crlf(bytes)).as_ref(), Ok(&lf), "{name} CRLF");
        let cut = bytes.strip_suffix(b"\n").expect("final newline");
        assert_eq!(parse_any(cut).as_ref(), Ok(&lf), "{name} without final newline");
        let trimmed: Vec<u8> = std::str::from_utf8(bytes)
            .expect("ASCII")
            .lines()
            .map(|l| format!("{}\t \r\n", l.trim_end()))
            .collect::<String>()
            .into_bytes();
        assert_eq!(parse_any(&trimmed).as_ref(), Ok(&lf), "{name} trimmed, then tab-ended");
    }
}

#[test]
fn ultima_unknown_code_points_at_its_token() {
    // Row 2 is line 4; its 4th token starts in column 7.
    let e = ultima_err(&world_with_line(4, "W F W X W S G G G G"));
    assert_eq!(at(&e), (4, 7));
    assert_eq!(
        e.kind(),
        &ParseErrorKind::UnknownCode {
            found: "X".into(),
            expected: "a tile code: B, L, W, F, G, M or S"
        }
    );
    assert_eq!(
        e.in_file("10x5.txt").to_string(),
        "10x5.txt:4:7: unknown code \"X\"; expected a tile code: B, L, W, F, G, M or S"
    );
}

#[test]
fn ultima_wrong_counts() {
    let e = ultima_err(&world_with_line(5, "W F F G S L S G G"));
    assert_eq!(at(&e), (5, 18));
    assert_eq!(e.kind(), &ParseErrorKind::WrongRowLength { expected: 10, found: 9 });

    let e = ultima_err(&world_with_line(5, "W F F G S L S G G G G"));
    assert_eq!(at(&e), (5, 21));
    assert_eq!(e.kind(), &ParseErrorKind::WrongRowLength { expected: 10, found: 11 });

    let short: Vec<u8> =
        WORLD_10X5.split_inclusive(|&b| b == b'\n').take(5).flatten().copied().collect();
    let e = ultima_err(&short);
    assert_eq!(at(&e), (6, 1));
    assert_eq!(e.kind(), &ParseErrorKind::WrongRowCount { expected: 5, found: 3 });

    let mut long = WORLD_10X5.to_vec();
    long.extend_from_slice(b"W W W W W W W W W W\n");
    let e = ultima_err(&long);
    assert_eq!(at(&e), (8, 1));
    assert!(matches!(e.kind(), ParseErrorKind::TrailingGarbage { .. }), "{e}");
}

#[test]
fn ultima_numbers_must_be_non_negative_integers() {
    let cases: [(&str, &[u8], (usize, usize)); 6] = [
        ("width", b"abc 5\n3 1\n", (1, 1)),
        ("height", b"10 -5\n3 1\n", (1, 4)),
        ("height", b"10\n3 1\n", (1, 3)),
        ("avatar's x", b"10 5\n-3 1\n", (2, 1)),
        ("avatar's y", b"10 5\n3 1.0\n", (2, 3)),
        ("avatar's y", b"10 5\n3\n", (2, 2)),
    ];
    for (what, bytes, pos) in cases {
        let e = ultima_err(bytes);
        assert_eq!(at(&e), pos, "{e}");
        assert!(
            matches!(e.kind(), ParseErrorKind::Expected { expected, .. } if expected.contains(what)),
            "{e}"
        );
    }
    let e = ultima_err(b"abc 5\n");
    assert_eq!(
        e.to_string(),
        "1:1: expected the map width (an integer from 1 to 4096), found \"abc\""
    );
    let e = ultima_err(b"10 5\n");
    assert_eq!(at(&e), (2, 1));
    assert!(e.to_string().ends_with("found the end of the file"), "{e}");
}

#[test]
#[allow(clippy::disallowed_methods)] // a test may time the parser; the sim never reads a clock
fn huge_sizes_are_refused_at_once() {
    let started = std::time::Instant::now();
    let e = ultima_err(b"100000 100000\n3 1\n");
    assert_eq!(at(&e), (1, 1));
    assert_eq!(e.kind(), &ParseErrorKind::TooLarge { width: 100_000, height: 100_000, max: 4096 });
    let e = ultima_err(b"4096 4096\n0 0\nG\n");
    assert!(matches!(e.kind(), ParseErrorKind::TooLarge { .. }), "{e}");
    let e = ultima_err(b"99999999999999999999999999 1\n");
    assert!(matches!(e.kind(), ParseErrorKind::Expected { .. }), "{e}");
    let e = ultima_err(b"0 5\n3 1\n");
    assert_eq!(at(&e), (1, 1));
    let e = dungeon_err(b"100000\n");
    assert_eq!(e.kind(), &ParseErrorKind::TooLarge { width: 100_000, height: 100_000, max: 4096 });
    assert!(started.elapsed().as_millis() < 500);
}

#[test]
fn avatar_off_the_map() {
    let e = ultima_err(&world_with_line(2, "10 1"));
    assert_eq!(at(&e), (2, 1));
    assert_eq!(
        e.kind(),
        &ParseErrorKind::Format(FormatErrorKind::AvatarOffMap {
            x: 10,
            y: 1,
            width: 10,
            height: 5
        })
    );
    let e = ultima_err(&world_with_line(2, "3 5"));
    assert_eq!(at(&e), (2, 3));
}

#[test]
fn avatar_on_water() {
    // Ultima (0, 0) is the bottom-left cell: water.
    let e = ultima_err(&world_with_line(2, "0 0"));
    assert_eq!(at(&e), (2, 1));
    assert_eq!(
        e.kind(),
        &ParseErrorKind::Format(FormatErrorKind::AvatarBlocked { x: 0, y: 0, tile: "water" })
    );
    assert_eq!(
        e.to_string(),
        "2:1: the avatar at (0, 0) (Ultima coordinates, y up) stands on water, which is \
         impassable; expected a passable tile"
    );
}

#[test]
fn not_utf8_empty_and_blank_files() {
    let e = ultima_err(b"10 5\n3 1\n\xff W W W W G G G W W\n");
    assert_eq!(at(&e), (3, 1));
    assert_eq!(e.kind(), &ParseErrorKind::NotUtf8 { byte: 0xff });
    let e = parse_any(b"10 5\n3 1\nW W \xc3").expect_err("truncated UTF-8");
    assert_eq!(at(&e), (3, 5));
    for bytes in [&b""[..], b"   ", b"\n\n", b" \t\r\n  \r\n"] {
        for e in [
            ultima_err(bytes),
            dungeon_err(bytes),
            AsciiMap::parse(bytes).expect_err("blank"),
            parse_any(bytes).expect_err("blank"),
        ] {
            assert_eq!((e.line(), e.column(), e.kind()), (1, 1, &ParseErrorKind::Empty));
        }
    }
}

// ---------------------------------------------------------------- dungeon

#[test]
fn corner_dungeon() {
    let d = Dungeon::parse(CORNER).expect("valid");
    assert_eq!(d.map.size(), Size::new(10, 10));
    assert_eq!(d.hero, Point::new(4, 3));
    assert_eq!(d.monsters, vec![DungeonMonster { glyph: 'B', at: Point::new(2, 5) }]);
    assert!(d.potions.is_empty());
    assert_eq!(d.map.tile(Point::new(0, 0)), Some(Tile::Wall));
    assert_eq!(d.map.tile(Point::new(1, 1)), Some(Tile::Floor));
    assert_eq!(d.map.tile(d.hero), Some(Tile::Floor));
}

#[test]
fn loop_potion_and_two_rooms_dungeons() {
    let d = Dungeon::parse(LOOP).expect("valid");
    assert_eq!(d.hero, Point::new(4, 4));
    assert_eq!(d.monsters, vec![DungeonMonster { glyph: 'B', at: Point::new(4, 5) }]);
    assert_eq!(d.map.tile(Point::new(0, 0)), Some(Tile::Hallway));
    assert_eq!(d.map.tile(Point::new(9, 4)), Some(Tile::Hallway));

    let d = Dungeon::parse(POTION).expect("valid");
    assert_eq!(d.map.size(), Size::new(12, 12));
    assert_eq!(d.hero, Point::new(4, 4));
    assert_eq!(d.potions, vec![Point::new(5, 2)]);
    assert_eq!(d.monsters, vec![DungeonMonster { glyph: 'A', at: Point::new(9, 8) }]);
    assert_eq!(d.map.tile(Point::new(5, 2)), Some(Tile::Floor));

    let d = Dungeon::parse(TWO_ROOMS).expect("valid");
    assert_eq!(d.map.size(), Size::new(16, 16));
    assert_eq!(d.hero, Point::new(2, 2));
    assert_eq!(d.monsters, vec![DungeonMonster { glyph: 'Z', at: Point::new(13, 4) }]);
    let hallways = d.map.iter().filter(|&(_, t)| t == Tile::Hallway).count();
    assert_eq!(hallways, 6 + 3 + 9);
}

#[test]
fn dungeons_round_trip_byte_for_byte() {
    for (name, bytes) in DUNGEONS {
        let d = Dungeon::parse(bytes).map_err(|e| e.in_file(name)).expect("valid");
        let text = d.to_text();
        assert_eq!(text.as_bytes(), bytes, "{name}");
        assert_eq!(Dungeon::parse(text.as_bytes()), Ok(d), "{name}");
    }
}

#[test]
fn dungeon_lines_with_trimmed_spaces_are_padded() {
    let trimmed: String = std::str::from_utf8(CORNER)
        .expect("ASCII")
        .lines()
        .map(|l| format!("{}\n", l.trim_end()))
        .collect();
    assert!(trimmed.contains("\n\n"), "the first row is all walls");
    assert_eq!(Dungeon::parse(trimmed.as_bytes()), Dungeon::parse(CORNER));
}

#[test]
fn dungeon_bad_inputs() {
    let e = dungeon_err(b"2\n@ . x\n. . \n");
    assert_eq!(at(&e), (2, 5));
    assert_eq!(e.kind(), &ParseErrorKind::WrongRowLength { expected: 2, found: 3 });

    let e = dungeon_err(b"2\n@.. \n. . \n");
    assert_eq!(at(&e), (2, 2));
    assert_eq!(e.to_string(), "2:2: expected a space after each cell, found \".\"");

    let e = dungeon_err(b"2\n@ # \n. . \n");
    assert_eq!(at(&e), (2, 3));
    assert!(matches!(e.kind(), ParseErrorKind::UnknownCode { found, .. } if found == "#"));

    let e = dungeon_err(b"2\n. . \n. . \n");
    assert_eq!(e.kind(), &ParseErrorKind::Format(FormatErrorKind::NoHero));

    let e = dungeon_err(b"3\n@ . . \n. . . \n. . @ \n");
    assert_eq!(at(&e), (4, 5));
    assert_eq!(
        e.kind(),
        &ParseErrorKind::Format(FormatErrorKind::TwoHeroes { first_line: 2, first_column: 1 })
    );

    let e = dungeon_err(b"3\n@ . . \n");
    assert_eq!(at(&e), (3, 1));
    assert_eq!(e.kind(), &ParseErrorKind::WrongRowCount { expected: 3, found: 1 });

    let e = dungeon_err(b"1\n@ \nextra\n");
    assert_eq!(at(&e), (3, 1));
    assert_eq!(e.kind(), &ParseErrorKind::TrailingGarbage { found: "\"extra\"".into() });

    let e = dungeon_err(b"1 \n@ \xfe\n");
    assert_eq!(at(&e), (2, 3));
    assert_eq!(e.kind(), &ParseErrorKind::NotUtf8 { byte: 0xfe });

    let e = dungeon_err(b"ten\n");
    assert_eq!(
        e.to_string(),
        "1:1: expected the dungeon size N (an integer from 1 to 2048), found \"ten\""
    );
}

// ---------------------------------------------------------------- ASCII and detection

#[test]
fn ascii_map_with_every_glyph() {
    let glyphs: String = Tile::ALL.iter().map(|&t| tile_glyph(t)).collect();
    let text = format!("{glyphs}\n@\n");
    let m = AsciiMap::parse(text.as_bytes()).expect("valid");
    assert_eq!(m.map.size(), Size::new(14, 2));
    for (x, t) in Tile::ALL.into_iter().enumerate() {
        assert_eq!(m.map.tile(Point::new(x as i32, 0)), Some(t));
    }
    assert_eq!(m.start, Some(Point::new(0, 1)));
    assert_eq!(AsciiMap::parse(m.to_text().as_bytes()), Ok(m));
}

#[test]
fn every_real_file_is_detected() {
    for (name, bytes) in WORLDS {
        let any = parse_any(bytes).expect(name);
        assert!(matches!(any, AnyMap::Ultima(_)), "{name}");
        assert_eq!(any.format_name(), "Ultima world");
        assert_eq!(Ok(&any), UltimaWorld::parse(bytes).map(AnyMap::Ultima).as_ref());
    }
    for (name, bytes) in DUNGEONS {
        let any = parse_any(bytes).expect(name);
        assert!(matches!(any, AnyMap::Dungeon(_)), "{name}");
        assert_eq!(any.format_name(), "dungeon");
        assert_eq!(any.start(), Dungeon::parse(bytes).ok().map(|d| d.hero));
    }
    let ascii = parse_any(b"#####\n#@.>#\n#####\n").expect("ascii");
    assert!(matches!(ascii, AnyMap::Ascii(_)));
    assert_eq!(ascii.start(), Some(Point::new(1, 1)));
    assert_eq!(ascii.tiles().tile(Point::new(3, 1)), Some(Tile::StairsDown));
}

// ---------------------------------------------------------------- properties

fn tile_grid(tiles: &'static [Tile]) -> impl Strategy<Value = TileMap<Tile>> {
    (1u32..9, 1u32..9).prop_flat_map(move |(w, h)| {
        prop::collection::vec(prop::sample::select(tiles), (w * h) as usize).prop_map(
            move |cells| {
                let mut map = TileMap::new(Size::new(w, h), Tile::Wall);
                for (i, t) in cells.into_iter().enumerate() {
                    map.set(Point::new(i as i32 % w as i32, i as i32 / w as i32), t);
                }
                map
            },
        )
    })
}

const ULTIMA_TILES: [Tile; 7] = [
    Tile::BrickFloor,
    Tile::Lava,
    Tile::Water,
    Tile::Forest,
    Tile::Grass,
    Tile::Mountains,
    Tile::StoneWall,
];

fn ultima_world() -> impl Strategy<Value = UltimaWorld> {
    (tile_grid(&ULTIMA_TILES), any::<prop::sample::Index>()).prop_map(|(mut map, i)| {
        let size = map.size();
        let p = Point::new(
            (i.index(size.area()) % size.width as usize) as i32,
            (i.index(size.area()) / size.width as usize) as i32,
        );
        map.set(p, Tile::Grass);
        UltimaWorld { map, avatar: p }
    })
}

fn ascii_map() -> impl Strategy<Value = AsciiMap> {
    (tile_grid(&Tile::ALL), any::<Option<prop::sample::Index>>()).prop_map(|(mut map, i)| {
        let size = map.size();
        let start = i.map(|i| {
            let k = i.index(size.area());
            Point::new((k % size.width as usize) as i32, (k / size.width as usize) as i32)
        });
        if let Some(p) = start {
            map.set(p, Tile::Floor);
        }
        AsciiMap { map, start }
    })
}

fn dungeon() -> impl Strategy<Value = Dungeon> {
    // 0 wall, 1 room, 2 hallway, 3 potion, 4.. monster letters.
    (1usize..9).prop_flat_map(|n| {
        (prop::collection::vec(0u8..8, n * n), 0..n * n, prop::collection::vec(0u8..26, n * n))
            .prop_map(move |(kinds, hero, letters)| {
                let mut map = TileMap::new(Size::new(n as u32, n as u32), Tile::Wall);
                let (mut monsters, mut potions) = (Vec::new(), Vec::new());
                let mut hero_at = Point::ORIGIN;
                for (i, &k) in kinds.iter().enumerate() {
                    let p = Point::new((i % n) as i32, (i / n) as i32);
                    if i == hero {
                        hero_at = p;
                        map.set(p, Tile::Floor);
                        continue;
                    }
                    let tile = match k {
                        0 => Tile::Wall,
                        1 | 2 => Tile::Floor,
                        3 => Tile::Hallway,
                        4 => {
                            potions.push(p);
                            Tile::Floor
                        }
                        _ => {
                            monsters.push(DungeonMonster {
                                glyph: char::from(b'A' + letters[i]),
                                at: p,
                            });
                            Tile::Floor
                        }
                    };
                    map.set(p, tile);
                }
                Dungeon { map, hero: hero_at, monsters, potions }
            })
    })
}

/// Random edits of a real file: replace, insert or delete bytes.
fn mutated(file: &'static [u8]) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec((0u8..3, any::<prop::sample::Index>(), any::<u8>()), 1..8).prop_map(
        move |edits| {
            let mut bytes = file.to_vec();
            for (op, i, b) in edits {
                let k = i.index(bytes.len() + 1);
                match op {
                    0 if k < bytes.len() => bytes[k] = b,
                    1 => bytes.insert(k, b),
                    _ if k < bytes.len() => {
                        bytes.remove(k);
                    }
                    _ => bytes.push(b),
                }
            }
            bytes
        },
    )
}

fn real_file() -> impl Strategy<Value = &'static [u8]> {
    prop::sample::select(vec![WORLD_10X5, WORLD_30X20, CORNER, LOOP, POTION, TWO_ROOMS])
}

proptest! {
    #[test]
    fn ultima_round_trips(w in ultima_world()) {
        prop_assert_eq!(UltimaWorld::parse(w.to_text().as_bytes()), Ok(w));
    }

    #[test]
    fn dungeon_round_trips(d in dungeon()) {
        prop_assert_eq!(Dungeon::parse(d.to_text().as_bytes()), Ok(d));
    }

    #[test]
    fn ascii_round_trips(m in ascii_map()) {
        prop_assert_eq!(AsciiMap::parse(m.to_text().as_bytes()), Ok(m));
    }

    #[test]
    fn parse_any_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse_any(&bytes);
    }

    #[test]
    fn parse_any_never_panics_on_text_like_bytes(
        bytes in prop::collection::vec(prop::sample::select(b"0123456789 \t\r\n.+@#sABGLWFMS~=<>".to_vec()), 0..200)
    ) {
        let _ = parse_any(&bytes);
    }

    #[test]
    fn parse_any_never_panics_on_mutated_real_files(
        bytes in real_file().prop_flat_map(mutated)
    ) {
        if let Err(e) = parse_any(&bytes) {
            prop_assert!(e.line() >= 1 && e.column() >= 1);
            prop_assert!(!e.to_string().is_empty());
        }
    }
}
