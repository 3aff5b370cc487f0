//! Draws torchlit's own tileset: `crates/web/assets/tiles.png` (32x32 tiles, drawn by
//! code: shapes, shading, outlines), its index `tiles.toml` (with autotile variants
//! `NAME@M` of the walls and a `[legend]`), and a contact sheet `docs/img/tileset.png`
//! (every sprite over the floors it can stand on, then joined walls).
//!
//! `cargo run -p torchlit-web --example make_tileset` rewrites the three files and prints
//! how well each actor and item stands out on its floors; every sprite of the game
//! (`torchlit_ui::sprite::ALL`, in its order: the atlas layout) must have a
//! picture here (the run fails otherwise). The art is CC0, like the rest of torchlit's.

#[path = "make_tileset/actors.rs"]
mod actors;
#[path = "../tests/tileset/contrast.rs"]
mod contrast;
#[path = "make_tileset/features.rs"]
mod features;
#[path = "make_tileset/items.rs"]
mod items;
#[path = "make_tileset/paint.rs"]
mod paint;
#[path = "make_tileset/terrain.rs"]
mod terrain;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use actors::{Facing, LogState};
use paint::{Canvas, N};
use terrain::WallKind;
use torchlit_console::Sprite;
use torchlit_ui::sprite;

/// Tiles per atlas row (the variants start on a new row, one row per autotiled sprite).
const COLUMNS: usize = 16;

/// The picture of each sprite.
fn picture(s: Sprite) -> Option<Canvas> {
    use sprite as S;
    Some(match s {
        S::BRICK_FLOOR => terrain::brick_floor(),
        S::LAVA => terrain::lava(),
        S::WATER => terrain::water(),
        S::FOREST => terrain::forest(),
        S::GRASS => terrain::grass(),
        S::MOUNTAINS => terrain::mountains(),
        S::FLOOR => terrain::floor(),
        S::HALLWAY => terrain::hallway(),
        S::MAZE_GROUND => terrain::maze_ground(),
        S::HOLE => terrain::hole(),
        S::STONE_WALL | S::WALL | S::MAZE_WALL | S::SOLID_ROCK => terrain::wall(wall_kind(s)?, 15),
        S::DOOR_CLOSED => features::door_closed(),
        S::DOOR_OPEN => features::door_open(),
        S::STAIRS_UP => features::stairs(true),
        S::STAIRS_DOWN => features::stairs(false),
        S::CHEST => features::chest(false),
        S::CHEST_OPEN => features::chest(true),
        S::PORTAL_LOCKED => features::portal(false),
        S::PORTAL_OPEN => features::portal(true),
        S::PLAYER => actors::player(Facing::None),
        S::PLAYER_NORTH => actors::player(Facing::North),
        S::PLAYER_EAST => actors::player(Facing::East),
        S::PLAYER_SOUTH => actors::player(Facing::South),
        S::PLAYER_WEST => actors::player(Facing::West),
        S::FUNGUS => actors::fungus(),
        S::BAT => actors::bat(),
        S::ZOMBIE => actors::zombie(),
        S::RAT => actors::rat(),
        S::GOBLIN => actors::goblin(),
        S::TROLL => actors::troll(),
        S::WRAITH => actors::wraith(),
        S::LOG_SLEEPING => actors::log(LogState::Asleep),
        S::LOG_WANDERING => actors::log(LogState::Wandering),
        S::LOG_CHASING => actors::log(LogState::Chasing),
        S::BOSS => actors::boss(),
        S::HUNTER => actors::hunter(),
        _ => return item_picture(s),
    })
}

fn item_picture(s: Sprite) -> Option<Canvas> {
    use sprite as S;
    Some(match s {
        S::STONE => items::stone(),
        S::BREAD => items::bread(),
        S::APPLE => items::apple(),
        S::CORPSE => items::corpse(),
        S::DAGGER => items::dagger(),
        S::SWORD => items::sword(),
        S::STAFF => items::staff(),
        S::TUNIC => items::tunic(),
        S::CHAINMAIL => items::chainmail(),
        S::PLATEMAIL => items::platemail(),
        S::BAGUETTE => items::baguette(),
        S::TEDDY_BEAR => items::teddy_bear(),
        S::KEY => items::key(),
        S::HEART => items::heart(),
        S::PICKAXE => items::pickaxe(),
        S::BOULDER => items::boulder(false),
        S::BOULDER_CRACKED => items::boulder(true),
        S::TREASURE => items::treasure(),
        S::POTION => items::potion(),
        S::GOLD => items::gold(),
        S::PROJECTILE => items::projectile(),
        S::VANISH => items::vanish(),
        S::PATH_MARK => items::path_mark(),
        S::CURSOR => items::cursor(),
        _ => return None,
    })
}

/// The wall kind of an autotiled sprite.
fn wall_kind(s: Sprite) -> Option<WallKind> {
    Some(match s {
        sprite::WALL => WallKind::Cave,
        sprite::STONE_WALL => WallKind::Stone,
        sprite::MAZE_WALL => WallKind::Hedge,
        sprite::SOLID_ROCK => WallKind::Rock,
        _ => return None,
    })
}

/// What the help's legend says about the sprites a player meets.
const LEGEND: &[(&str, &str)] = &[
    ("player", "you"),
    ("player_north", "you, facing north"),
    ("player_east", "you, facing east"),
    ("player_south", "you, facing south"),
    ("player_west", "you, facing west"),
    ("fungus", "fungus: never moves, spreads"),
    ("bat", "bat: flits about fast, bites"),
    ("zombie", "zombie: hunts you when it sees you"),
    ("rat", "rat: weak, short-sighted"),
    ("goblin", "goblin: a sturdy fighter"),
    ("troll", "troll: hard to kill, hits hard"),
    ("wraith", "wraith: rare and deadly"),
    ("log_sleeping", "log monster, asleep"),
    ("log_wandering", "log monster, wandering"),
    ("log_chasing", "log monster, chasing you"),
    ("boss", "the boss: teleports when hit, fires barrages"),
    ("hunter", "the hunter: it chases you"),
    ("stone", "a rock: useless"),
    ("bread", "bread: food"),
    ("apple", "an apple: food"),
    ("corpse", "a corpse"),
    ("dagger", "a dagger: a weapon"),
    ("sword", "a sword: a better weapon"),
    ("staff", "a staff: a weapon"),
    ("tunic", "a tunic: light armour"),
    ("chainmail", "chainmail: armour"),
    ("platemail", "platemail: heavy armour"),
    ("baguette", "the baguette"),
    ("teddy_bear", "the teddy bear"),
    ("key", "a key: opens its locked portal (face it, press e)"),
    ("heart", "a heart: heals (on the overworld: a shrine)"),
    ("pickaxe", "the pickaxe: breaks rocks, hurts log monsters"),
    ("boulder", "a rock: blocks the way; the pickaxe breaks it"),
    ("boulder_cracked", "a cracked rock: less than half its strength left"),
    ("treasure", "treasure (on the overworld: the artefact)"),
    ("potion", "a speed potion"),
    ("gold", "gold"),
    ("chest", "a closed chest"),
    ("chest_open", "an opened chest"),
    ("portal_locked", "a locked portal: bring a key"),
    ("portal_open", "an open portal: the way on"),
    ("hole", "a hole"),
    ("door_closed", "a closed door"),
    ("door_open", "an open door"),
    ("stairs_up", "stairs up"),
    ("stairs_down", "stairs down"),
    ("lava", "lava"),
    ("water", "water"),
    ("projectile", "a projectile"),
];

/// An RGBA image being assembled.
struct Image {
    w: usize,
    h: usize,
    rgba: Vec<u8>,
}

impl Image {
    fn new(w: usize, h: usize, bg: [u8; 4]) -> Image {
        Image { w, h, rgba: bg.repeat(w * h) }
    }

    /// Draws `tile` with its top-left at (x, y), each pixel `scale` wide, blended over.
    fn put(&mut self, tile: &Canvas, x: usize, y: usize, scale: usize) {
        for ty in 0..N * scale {
            for tx in 0..N * scale {
                let p = tile.get(tx / scale, ty / scale);
                let (ax, ay) = (x + tx, y + ty);
                if ax >= self.w || ay >= self.h || p[3] <= 0.0 {
                    continue;
                }
                let i = (ay * self.w + ax) * 4;
                for c in 0..3 {
                    let under = f32::from(self.rgba[i + c]);
                    self.rgba[i + c] = (p[c] * p[3] + under * (1.0 - p[3])).round() as u8;
                }
                let a = f32::from(self.rgba[i + 3]) / 255.0;
                self.rgba[i + 3] = ((p[3] + a * (1.0 - p[3])) * 255.0).round() as u8;
            }
        }
    }

    fn save(&self, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
        let file = std::fs::File::create(path)?;
        let mut enc =
            png::Encoder::new(std::io::BufWriter::new(file), self.w as u32, self.h as u32);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.write_header()?.write_image_data(&self.rgba)?;
        Ok(())
    }
}

/// A tile's pixels as bytes, row by row.
fn bytes(c: &Canvas) -> Vec<[u8; 4]> {
    c.px.iter()
        .map(|p| [p[0], p[1], p[2], p[3] * 255.0].map(|v| v.round().clamp(0.0, 255.0) as u8))
        .collect()
}

/// The tiles: every sprite, then the variants, with their atlas cells.
type Tiles = Vec<(String, Canvas)>;

fn draw_all() -> Result<Tiles, String> {
    let mut tiles = Vec::new();
    for &s in sprite::ALL {
        let pic = picture(s).ok_or_else(|| format!("no picture for sprite {}", s.name()))?;
        tiles.push((s.name().to_string(), pic));
    }
    for name in contrast::AUTOTILED {
        let s = Sprite::find(sprite::ALL, name).ok_or_else(|| format!("{name}: no such sprite"))?;
        // Variants start a new atlas row.
        while tiles.len() % COLUMNS != 0 {
            tiles.push((String::new(), Canvas::new()));
        }
        for mask in 0..16 {
            let pic = match (s, wall_kind(s)) {
                (_, Some(kind)) => terrain::wall(kind, mask),
                (sprite::WATER | sprite::LAVA, _) => terrain::liquid(s == sprite::LAVA, mask),
                _ => return Err(format!("{name}: no variants drawn")),
            };
            tiles.push((format!("{name}@{mask}"), pic));
        }
    }
    Ok(tiles)
}

fn write_atlas(tiles: &Tiles, dir: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let rows = tiles.len().div_ceil(COLUMNS);
    let mut atlas = Image::new(COLUMNS * N, rows * N, [0; 4]);
    let mut toml = String::from(
        "# torchlit's own tileset (made by examples/make_tileset.rs; CC0): sprite = [column, row].\n\
         # NAME@M is NAME drawn where the same-sprite neighbours make the mask M (N=1 E=2 S=4 W=8).\n\
         tile_size = 32\n\n[sprites]\n",
    );
    let mut index = BTreeMap::new();
    for (n, (name, tile)) in tiles.iter().enumerate() {
        atlas.put(tile, (n % COLUMNS) * N, (n / COLUMNS) * N, 1);
        if !name.is_empty() {
            index.insert(name.clone(), (n % COLUMNS, n / COLUMNS));
        }
    }
    for (name, (c, r)) in &index {
        let key = if name.contains('@') { format!("\"{name}\"") } else { name.clone() };
        writeln!(toml, "{key} = [{c}, {r}]")?;
    }
    toml.push_str("\n[legend]\n");
    for (name, text) in LEGEND {
        writeln!(toml, "{name} = {text:?}")?;
    }
    toml.push_str(
        "\n# The floors each actor, item and mark can stand on: the legend draws it on each, \
         and\n# the tests check that it stands out from every one of them.\n[floors]\n",
    );
    for (name, floors) in contrast::PAIRS {
        let list: Vec<String> = floors.iter().map(|f| format!("{f:?}")).collect();
        writeln!(toml, "{name} = [{}]", list.join(", "))?;
    }
    atlas.save(&dir.join("tiles.png"))?;
    std::fs::write(dir.join("tiles.toml"), toml)?;
    println!("wrote {} tiles to {}", index.len(), dir.display());
    Ok(())
}

fn tile<'a>(tiles: &'a Tiles, name: &str) -> Result<&'a Canvas, String> {
    tiles.iter().find(|(n, _)| n == name).map(|(_, t)| t).ok_or_else(|| format!("no tile {name}"))
}

/// Prints each pair's contrast and outline; fails when one is under the test's limits.
fn report(tiles: &Tiles) -> Result<(), Box<dyn std::error::Error>> {
    let mut bad = Vec::new();
    for (sprite, floors) in contrast::PAIRS {
        let s = bytes(tile(tiles, sprite)?);
        let mut line = format!("{sprite:>16}:");
        for floor in *floors {
            let m = contrast::measure(&s, &bytes(tile(tiles, floor)?), N);
            write!(line, " {floor} {:.0}/{:.2}", m.contrast, m.ring)?;
            if m.contrast < contrast::MIN_CONTRAST || m.ring < contrast::MIN_RING || m.opaque < 20 {
                bad.push(format!("{sprite} on {floor}"));
            }
        }
        println!("{line}");
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(format!("too little contrast or no outline: {}", bad.join(", ")).into())
    }
}

/// A small map for each autotiled wall: `#` its wall, anything else its floor.
const SAMPLE: [&str; 7] = [
    "##########",
    "#....#...#",
    "#.##.#.#.#",
    "#.#..#.#.#",
    "#.#.##.#.#",
    "#........#",
    "####..####",
];

/// A pond for the liquids: `#` water or lava.
const POND: [&str; 7] = [
    "..........",
    "..####....",
    ".######.#.",
    ".#######..",
    "..#####.#.",
    "...##..##.",
    "..........",
];

/// Where each actor's strip of floors goes in a flow of rows `width` wide (tiles at 2x).
fn flow(width: usize, gap: usize) -> (Vec<(usize, usize)>, usize) {
    let (mut x, mut y, mut at) = (gap, 0, Vec::new());
    for (_, floors) in contrast::PAIRS {
        let w = floors.len() * 2 * N;
        if x + w + gap > width {
            (x, y) = (gap, y + 2 * N + gap);
        }
        at.push((x, y));
        x += w + 2 * gap;
    }
    (at, y + 2 * N)
}

fn contact_sheet(tiles: &Tiles, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
    const GAP: usize = 8;
    let walls = [
        ("wall", "floor", &SAMPLE),
        ("stone_wall", "brick_floor", &SAMPLE),
        ("maze_wall", "maze_ground", &SAMPLE),
        ("solid_rock", "floor", &SAMPLE),
        ("water", "grass", &POND),
        ("lava", "floor", &POND),
    ];
    let sample_w = SAMPLE[0].len() * N;
    let w = 4 * (sample_w + GAP) + GAP;
    let (at, strips_h) = flow(w, GAP);
    let h = GAP + 2 * N + 2 * GAP + strips_h + 2 * GAP + 2 * (SAMPLE.len() * N + GAP);
    let mut sheet = Image::new(w, h, [24, 22, 28, 255]);
    for (i, name) in contrast::TERRAIN.iter().enumerate() {
        sheet.put(tile(tiles, name)?, GAP + i * (2 * N + GAP / 2), GAP, 2);
    }
    let top = GAP + 2 * N + 2 * GAP;
    for ((sprite, floors), (x0, y0)) in contrast::PAIRS.iter().zip(at) {
        for (j, floor) in floors.iter().enumerate() {
            sheet.put(tile(tiles, floor)?, x0 + j * 2 * N, top + y0, 2);
            sheet.put(tile(tiles, sprite)?, x0 + j * 2 * N, top + y0, 2);
        }
    }
    let top = top + strips_h + 2 * GAP;
    for (k, (wall, floor, map)) in walls.iter().enumerate() {
        let at = (GAP + (k % 4) * (sample_w + GAP), top + (k / 4) * (SAMPLE.len() * N + GAP));
        put_sample(&mut sheet, tiles, (wall, floor), map, at)?;
    }
    sheet.save(path)?;
    println!("wrote the contact sheet {}", path.display());
    Ok(())
}

/// Draws `map` with `#` the wall autotiled and the rest the floor, its top-left at `at`.
fn put_sample(
    sheet: &mut Image,
    tiles: &Tiles,
    (wall, floor): (&str, &str),
    map: &[&str; 7],
    at: (usize, usize),
) -> Result<(), String> {
    let is_wall = |x: i64, y: i64| {
        y >= 0
            && (y as usize) < map.len()
            && x >= 0
            && map[y as usize].as_bytes().get(x as usize) == Some(&b'#')
    };
    for (y, row) in map.iter().enumerate() {
        for x in 0..row.len() {
            let (xi, yi) = (x as i64, y as i64);
            let name = if is_wall(xi, yi) {
                let m = is_wall(xi, yi - 1) as u8
                    | (is_wall(xi + 1, yi) as u8) << 1
                    | (is_wall(xi, yi + 1) as u8) << 2
                    | (is_wall(xi - 1, yi) as u8) << 3;
                format!("{wall}@{m}")
            } else {
                floor.to_string()
            };
            sheet.put(tile(tiles, &name)?, at.0 + x * N, at.1 + y * N, 1);
        }
    }
    Ok(())
}

/// A close-up for whoever draws the art: every actor, item and effect at 4x on its first
/// floor (written when `TORCHLIT_TILE_PREVIEW` names a file).
fn preview(tiles: &Tiles, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let cols = 10;
    let rows = contrast::PAIRS.len().div_ceil(cols);
    let terrain_rows = contrast::TERRAIN.len().div_ceil(cols);
    let mut img = Image::new(cols * 4 * N, (rows + terrain_rows) * 4 * N, [0, 0, 0, 255]);
    for (i, (sprite, floors)) in contrast::PAIRS.iter().enumerate() {
        let (x, y) = ((i % cols) * 4 * N, (i / cols) * 4 * N);
        img.put(tile(tiles, floors[0])?, x, y, 4);
        img.put(tile(tiles, sprite)?, x, y, 4);
    }
    for (i, name) in contrast::TERRAIN.iter().enumerate() {
        let (x, y) = ((i % cols) * 4 * N, (rows + i / cols) * 4 * N);
        img.put(tile(tiles, name)?, x, y, 4);
    }
    img.save(path)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let tiles = draw_all()?;
    if let Some(path) = std::env::var_os("TORCHLIT_TILE_PREVIEW") {
        preview(&tiles, Path::new(&path))?;
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    write_atlas(&tiles, &manifest.join("assets"))?;
    contact_sheet(&tiles, &manifest.join("../../docs/img/tileset.png"))?;
    report(&tiles)
}
