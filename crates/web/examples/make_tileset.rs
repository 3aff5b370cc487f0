//! Draws torchlit's own tileset: `crates/web/assets/tiles.png` (16x16 tiles, drawn as
//! 8x8 pixel maps below and doubled, so they stay crisp at 2x and 3x) and its index
//! `tiles.toml`.
//!
//! `cargo run -p torchlit-web --example make_tileset` rewrites both files; every
//! [`Sprite`] must have a picture here (the run fails otherwise).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use torchlit_console::Sprite;

/// Pixels per tile side in the atlas.
const TILE: u32 = 16;
/// Pixels per map character (8x8 maps doubled).
const DOT: u32 = 2;
/// Tiles per atlas row.
const COLUMNS: u32 = 8;

/// The palette: one character per colour; `.` is transparent.
fn colour(c: char) -> Option<[u8; 4]> {
    let rgb = match c {
        '.' => return Some([0, 0, 0, 0]),
        'k' => [20, 18, 16],
        'w' => [235, 232, 220],
        'l' => [175, 172, 165],
        'g' => [120, 118, 112],
        'd' => [68, 64, 60],
        'r' => [205, 45, 40],
        'R' => [120, 24, 20],
        'o' => [240, 140, 30],
        'y' => [250, 220, 70],
        'G' => [70, 165, 60],
        'h' => [30, 95, 35],
        'b' => [45, 85, 200],
        'c' => [110, 190, 240],
        'n' => [140, 88, 42],
        'N' => [82, 52, 26],
        's' => [240, 190, 140],
        'p' => [150, 70, 185],
        'B' => [205, 175, 115],
        'm' => [220, 80, 160],
        // The player's tunic: a colour nothing else uses, so tests find the avatar.
        'P' => [90, 60, 255],
        _ => return None,
    };
    Some([rgb[0], rgb[1], rgb[2], 255])
}

/// Each sprite's 8x8 picture, rows top to bottom.
fn picture(s: Sprite) -> Option<[&'static str; 8]> {
    Some(match s {
        Sprite::BrickFloor => [
            "nnnBnnnB", "NNNNNNNN", "nBnnnBnn", "NNNNNNNN", "nnnBnnnB", "NNNNNNNN", "nBnnnBnn",
            "NNNNNNNN",
        ],
        Sprite::Lava => [
            "ooyoRroo", "oRooooyo", "yooRrooo", "ooooyoRo", "RroooooR", "ooyoRroo", "oooooyoo",
            "rRooyooo",
        ],
        Sprite::Water => [
            "bbbbbbbb", "bbcbbbbb", "bcbcbbbb", "bbbbbbcb", "bbbbbcbc", "bbbbbbbb", "bbcbbbbb",
            "bcbcbbbb",
        ],
        Sprite::Forest => [
            "hhhGhhhh", "hhGGGhhh", "hGGGGGhh", "hhGGGhGh", "hhhNhGGG", "hhhNhhGh", "hGhhhhNh",
            "GGGhhhNh",
        ],
        Sprite::Grass => [
            "hhhhhhhh", "hhGhhhhh", "hhhhhGhh", "hhhhhhhh", "hGhhhhhh", "hhhhGhhh", "hhhhhhhG",
            "hhGhhhhh",
        ],
        Sprite::Mountains => [
            "hhhhhhhh", "hhhlhhhh", "hhlwlhhh", "hlggglhh", "lgggdglh", "ggdgggdl", "gdgggdgg",
            "hhhhhhhh",
        ],
        Sprite::StoneWall => [
            "lllgllll", "gggggggg", "llllllgl", "gggggggg", "lllgllll", "gggggggg", "llllllgl",
            "dddddddd",
        ],
        Sprite::Floor => [
            "dddddddd", "dddddgdd", "dddddddd", "dgdddddd", "dddddddd", "ddddddgd", "ddgddddd",
            "dddddddd",
        ],
        Sprite::Hallway => [
            "dddddddd", "dgdddgdd", "dddddddd", "dddgdddd", "dddddddd", "dgdddddg", "dddddddd",
            "dddgdddd",
        ],
        Sprite::Wall => [
            "gggdgggd", "gglgggdg", "dggggggg", "ggdglggg", "gggggdgg", "lggdgggg", "ggggggld",
            "dgggdggg",
        ],
        Sprite::SolidRock => [
            "kkkkkkkk", "kkdkkkkk", "kkkkkkdk", "kkkkkkkk", "kdkkkkkk", "kkkkdkkk", "kkkkkkkk",
            "kkkdkkkk",
        ],
        Sprite::DoorClosed => [
            "gNNNNNNg", "gNnnnnNg", "gNnnnnNg", "gNnnnyNg", "gNnnnnNg", "gNnnnnNg", "gNnnnnNg",
            "gNNNNNNg",
        ],
        Sprite::DoorOpen => [
            "gNkkkkkg", "gNkkkkkg", "gNkkkkkg", "gNkkkkkg", "gNkkkkkg", "gNkkkkkg", "gNkkkkkg",
            "gNkkkkkg",
        ],
        Sprite::StairsUp => [
            "dddddlll", "ddddlggg", "dddlgggd", "ddlgggdd", "dlgggddd", "lgggdddd", "gggddddd",
            "dddddddd",
        ],
        Sprite::StairsDown => [
            "dddddddd", "kkkkkkkk", "dkkkkkkd", "ddkkkkdd", "dddkkddd", "dddddddd", "dlllllld",
            "dddddddd",
        ],
        Sprite::Chest => [
            "........", ".NNNNNN.", "NnnnnnnN", "NNNyyNNN", "NnnyynnN", "NnnnnnnN", "NNNNNNNN",
            "........",
        ],
        Sprite::ChestOpen => [
            ".NNNNNN.", "NkkkkkkN", "NkyykykN", "NNNNNNNN", "NnnnnnnN", "NnnnnnnN", "NNNNNNNN",
            "........",
        ],
        Sprite::MazeGround => [
            "GGGGGGGG", "GGGGGhGG", "GGGGGGGG", "GhGGGGGG", "GGGGGGGG", "GGGGGGhG", "GGGhGGGG",
            "GGGGGGGG",
        ],
        Sprite::MazeWall => [
            "hhGhhhGh", "hGhhhhhh", "hhhhGhhh", "hhhhhhhG", "GhhhhhGh", "hhhGhhhh", "hhhhhhhh",
            "NhhNhhNh",
        ],
        Sprite::Hole => [
            "GGGGGGGG", "GGkkkkGG", "GkkkkkkG", "kkkkkkkk", "kkkkkkkk", "GkkkkkkG", "GGkkkkGG",
            "GGGGGGGG",
        ],
        Sprite::PortalOpen => [
            "..pppp..", ".p....p.", "p.pmmp.p", "p.m..m.p", "p.m..m.p", "p.pmmp.p", ".p....p.",
            "..pppp..",
        ],
        Sprite::PortalLocked => [
            "..pppp..", ".pmmmmp.", "pmglgmmp", "pmlmlmmp", "pmglglmp", "pmmmlgmp", ".pmmmmp.",
            "..pppp..",
        ],
        Sprite::Player => [
            "...ss...", "...ss...", ".PPPPPP.", "s.PPPP.s", "..PPPP..", "..P..P..", "..P..P..",
            ".nn..nn.",
        ],
        Sprite::PlayerNorth => [
            "...nn...", "...nn...", ".PPPPPP.", "s.PPPP.s", "..PPPP..", "..P..P..", "..P..P..",
            ".nn..nn.",
        ],
        Sprite::PlayerEast => [
            "...ssn..", "...ssk..", "..PPPP..", "..PPPss.", "..PPPP..", "..P.P...", "..P.P...",
            "..nnnn..",
        ],
        Sprite::PlayerSouth => [
            "...ss...", "..skks..", ".PPPPPP.", "s.PPPP.s", "..PPPP..", "..P..P..", "..P..P..",
            ".nn..nn.",
        ],
        Sprite::PlayerWest => [
            "..nss...", "..kss...", "..PPPP..", ".ssPPP..", "..PPPP..", "...P.P..", "...P.P..",
            "..nnnn..",
        ],
        Sprite::Fungus => [
            "........", "..rrrr..", ".rrwrrr.", "rrrrrwrr", "..BBBB..", "...BB...", "...BB...",
            "..BBBB..",
        ],
        Sprite::Bat => [
            "........", "d......d", "dd.dd.dd", "ddddddd.", ".ddrrdd.", "..dddd..", "...dd...",
            "........",
        ],
        Sprite::Zombie => [
            "..GGGG..", "..RGRG..", "..GGGG..", ".NNNNNN.", "G.NNNN.G", "..NNNN..", "..h..h..",
            ".hh..hh.",
        ],
        Sprite::Rat => [
            "........", "........", "....gg..", "..ggggrg", ".ggggggk", "g.g..g..", "........",
            "........",
        ],
        Sprite::Goblin => [
            "........", ".G.GG.G.", "..GrGr..", "..GGGG..", ".NNNNNN.", "G.NNNN.G", "..N..N..",
            ".NN..NN.",
        ],
        Sprite::Troll => [
            "..gggg..", ".gRggRg.", ".gggggg.", "gggkkggg", "gggggggg", "g.gggg.g", "..gg.gg.",
            ".ggg.ggg",
        ],
        Sprite::Wraith => [
            "..llll..", ".lkllkl.", ".llllll.", "llllllll", ".llllll.", "llllllll", ".l.ll.l.",
            "l..l..l.",
        ],
        Sprite::LogSleeping => [
            "........", "........", "........", ".NNNNNN.", "NnnnnnnB", "NnkknkkB", ".NNNNNN.",
            "........",
        ],
        Sprite::LogWandering => [
            "........", "........", ".NNNNNN.", "NnnnnnnB", "NnwknwkB", "NnnnnnnB", ".NNNNNN.",
            ".n....n.",
        ],
        Sprite::LogChasing => [
            "........", "........", ".NNNNNN.", "NnnnnnnB", "NnrkrknB", "NnkkkknB", ".NNNNNN.",
            "n.n..n.n",
        ],
        Sprite::Boss => [
            "y.y.y.y.", "yyyyyyy.", "RRRRRRRR", "RwkRRwkR", "RRRRRRRR", "RRkkkkRR", "RRRRRRRR",
            "RR.RR.RR",
        ],
        Sprite::Hunter => [
            "..RRRR..", ".RyRRyR.", ".RRRRRR.", "RRwkwkRR", "R.RRRR.R", "..RRRR..", "..R..R..",
            ".RR..RR.",
        ],
        Sprite::Stone => [
            "........", "........", "........", "...gg...", "..gllg..", ".gglggd.", ".ddgddd.",
            "........",
        ],
        Sprite::Bread => [
            "........", "........", "..BBBB..", ".BnBBnB.", "BBBBBBBB", "BnnnnnnB", ".BBBBBB.",
            "........",
        ],
        Sprite::Apple => [
            "....h...", "...N....", ".rrrrr..", "rrwrrrr.", "rrrrrrr.", "rrrrrrr.", ".rrrrr..",
            "..r.r...",
        ],
        Sprite::Corpse => [
            "........", "........", "........", "..R.....", ".lRRlll.", "lllllRll", ".R.lll..",
            "........",
        ],
        Sprite::Dagger => [
            "........", "......l.", ".....l..", "....l...", "..nl....", "..Nn....", ".N......",
            "........",
        ],
        Sprite::Sword => [
            ".......w", "......wl", ".....wl.", "....wl..", ".y.wl...", "..yl....", ".Nyy....",
            "N.......",
        ],
        Sprite::Staff => [
            "......pp", ".....pmp", "......pp", ".....N..", "....N...", "...N....", "..N.....",
            ".N......",
        ],
        Sprite::Tunic => [
            "........", ".GG..GG.", "GGGGGGGG", "G.GGGG.G", "..GGGG..", "..GGGG..", "..GGGG..",
            "........",
        ],
        Sprite::Chainmail => [
            "........", ".ll..ll.", "lglglglg", "l.glgl.l", "..lglg..", "..glgl..", "..lglg..",
            "........",
        ],
        Sprite::Platemail => [
            "........", ".ww..ww.", "wlllllll", "l.lwwl.l", "..lwwl..", "..llll..", "..lggl..",
            "........",
        ],
        Sprite::Baguette => [
            "........", "......BB", ".....BnB", "....BnB.", "...BnB..", "..BnB...", ".BBB....",
            "........",
        ],
        Sprite::TeddyBear => [
            ".n....n.", "nNnnnnNn", ".nnnnnn.", ".nkBBkn.", "..nBBn..", ".nnnnnn.", "nnnBBnnn",
            ".nn..nn.",
        ],
        Sprite::Key => [
            "........", "..yyy...", ".y...y..", ".y...y..", "..yyy...", "...y....", "...yy...",
            "...yy...",
        ],
        Sprite::Heart => [
            "........", ".rr..rr.", "rwrrrrrr", "rrrrrrrr", ".rrrrrr.", "..rrrr..", "...rr...",
            "........",
        ],
        Sprite::Pickaxe => [
            ".lllll..", "l..N..l.", "...N....", "...N....", "...N....", "...N....", "...N....",
            "........",
        ],
        Sprite::BoulderCracked => [
            "........", "..gggg..", ".gklggg.", "glkgkgdg", "glgkkgdg", "ggkgdkgg", ".gddddg.",
            "........",
        ],
        Sprite::Boulder => [
            "........", "..gggg..", ".gllggg.", "gllgggdg", "glggggdg", "ggggddgg", ".gddddg.",
            "........",
        ],
        Sprite::Treasure => [
            "........", "........", "...yy...", "..yyyy..", ".yywyyy.", "yyyyyyoy", ".oyyyyo.",
            "........",
        ],
        Sprite::Potion => [
            "...NN...", "...ll...", "...ll...", "..lccl..", ".lccccl.", ".lcwccl.", ".lccccl.",
            "..llll..",
        ],
        Sprite::Gold => [
            "........", "........", "....yy..", "...yooy.", ".yy.yy..", "yooy....", ".yy..yy.",
            "....yooy",
        ],
        Sprite::Projectile => [
            "........", "........", "...oo...", "..oyyo..", "..oyyo..", "...oo...", "........",
            "........",
        ],
        Sprite::Vanish => [
            "l......l", "..l..l..", ".l.ll.l.", "...ll...", "...ll...", ".l.ll.l.", "..l..l..",
            "l......l",
        ],
        Sprite::PathMark => [
            "........", "........", "........", "...yy...", "...yy...", "........", "........",
            "........",
        ],
        Sprite::Cursor => [
            "yy....yy", "y......y", "........", "........", "........", "........", "y......y",
            "yy....yy",
        ],
        _ => return None,
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sprites = Sprite::ALL;
    let rows = (sprites.len() as u32).div_ceil(COLUMNS);
    let (width, height) = (COLUMNS * TILE, rows * TILE);
    let mut rgba = vec![0u8; (width * height * 4) as usize];
    let mut index = BTreeMap::new();
    for (n, &s) in sprites.iter().enumerate() {
        let map = picture(s).ok_or_else(|| format!("no picture for sprite {}", s.name()))?;
        let (col, row) = (n as u32 % COLUMNS, n as u32 / COLUMNS);
        for (y, line) in map.iter().enumerate() {
            if line.chars().count() != 8 {
                return Err(format!("{}: row {y} is not 8 pixels wide", s.name()).into());
            }
            for (x, c) in line.chars().enumerate() {
                let px = colour(c).ok_or_else(|| format!("{}: unknown colour {c:?}", s.name()))?;
                for dy in 0..DOT {
                    for dx in 0..DOT {
                        let ax = col * TILE + x as u32 * DOT + dx;
                        let ay = row * TILE + y as u32 * DOT + dy;
                        let i = ((ay * width + ax) * 4) as usize;
                        rgba[i..i + 4].copy_from_slice(&px);
                    }
                }
            }
        }
        index.insert(s.name(), (col, row));
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let file = std::fs::File::create(dir.join("tiles.png"))?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.write_header()?.write_image_data(&rgba)?;
    let mut toml = String::from(
        "# torchlit's own tileset (made by examples/make_tileset.rs): sprite = [column, row].\ntile_size = 16\n\n[sprites]\n",
    );
    for (name, (c, r)) in &index {
        writeln!(toml, "{name} = [{c}, {r}]")?;
    }
    std::fs::write(dir.join("tiles.toml"), toml)?;
    println!("wrote {} sprites to {}", index.len(), dir.display());
    Ok(())
}
