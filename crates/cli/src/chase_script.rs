//! Chase strategies users write in Rhai (`--hero FILE.rhai`, `--monster FILE.rhai`).
//!
//! A script defines `fn choose(game)` and returns the cell to move to: its own cell
//! (stay) or one of `game.legal_moves()`. `this` inside `choose` is a map the script
//! keeps between moves (it starts empty), so scripts may keep state; the chase then ends
//! an endless game by its turn limit only. What `game` offers mirrors DM503's
//! `AbstractCharacter` and `Dungeon`:
//!
//! ```text
//! game.role               "hero" or "monster"
//! game.me, game.opponent  #{x, y} cells (map space: (0, 0) top-left, y down)
//! game.hero, game.monster the same by role
//! game.remaining_moves    steps left this turn after this one (DM503's remainingMoves)
//! game.turn               the turn being played (the first is 1)
//! game.size               N, the side of the dungeon
//! game.potions            the speed potions still on the floor (an array of cells)
//! game.my_potions         potions this player drank; game.opponent_potions the other's
//! game.legal_moves()      the cells this player may move to now, staying first
//! game.neighbours(cell)   the cells one legal step from cell
//! game.distance(a, b)     the length of a shortest legal walk from a to b, -1 if none
//! game.open_cells()       every room and hallway cell
//! game.is_room(cell), game.is_hallway(cell), game.is_open(cell)
//! ```
//!
//! Scripts are sandboxed: Rhai has no file, network or clock access here (built without
//! modules and time), `print` prints nothing, and each move may run at most
//! [`MAX_OPERATIONS`] operations, so a runaway script stops with a clear error. Every
//! error names the file, the line and the turn.

use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

use anyhow::{Context, Result};
use rhai::{AST, Array, CallFnOptions, Dynamic, Engine, EvalAltResult, Map, Position, Scope};
use torchlit_geom::Point;
use torchlit_path::{DijkstraMap, PathGrid, Rule};
use torchlit_sim::modes::chase::{
    Decision, Move, Paths, Player, Role, Strategy, StrategyError, StrategyMaker,
};

/// Operations one call of `choose` may run (Rhai counts each expression evaluation).
pub const MAX_OPERATIONS: u64 = 2_000_000;

/// The largest script file read, in bytes.
const MAX_SCRIPT_BYTES: u64 = 1 << 20;

/// The terrain shared by every move of a game.
struct Terrain {
    grid: PathGrid,
    open: Vec<Point>,
}

/// What one call of `choose` sees.
struct View {
    terrain: Rc<Terrain>,
    me: Role,
    hero: Player,
    monster: Player,
    potions: Vec<Point>,
    remaining: u32,
    turn: u64,
    /// Distance fields from sources asked for during this move.
    fields: RefCell<Vec<(Point, DijkstraMap)>>,
}

/// The `game` value scripts get.
#[derive(Clone)]
struct Game(Rc<View>);

impl Game {
    fn player(&self, role: Role) -> &Player {
        match role {
            Role::Hero => &self.0.hero,
            Role::Monster => &self.0.monster,
        }
    }

    fn grid(&self) -> &PathGrid {
        &self.0.terrain.grid
    }

    fn legal_from(&self, p: Point) -> Vec<Point> {
        Rule::ROOMS.steps(self.grid(), p).map(|(q, _)| q).collect()
    }

    fn distance(&self, from: Point, to: Point) -> i64 {
        if !self.grid().is_passable(from) {
            return -1;
        }
        let mut fields = self.0.fields.borrow_mut();
        let i = match fields.iter().position(|(p, _)| *p == from) {
            Some(i) => i,
            None => {
                let Ok(f) = DijkstraMap::from_sources(self.grid(), Rule::ROOMS, [from]) else {
                    return -1;
                };
                fields.push((from, f));
                fields.len() - 1
            }
        };
        fields[i].1.get(to).map_or(-1, |c| i64::from(c.0))
    }
}

fn cell(p: Point) -> Dynamic {
    let mut m = Map::new();
    m.insert("x".into(), Dynamic::from(i64::from(p.x)));
    m.insert("y".into(), Dynamic::from(i64::from(p.y)));
    Dynamic::from_map(m)
}

fn cells(ps: impl IntoIterator<Item = Point>) -> Array {
    ps.into_iter().map(cell).collect()
}

/// A cell from a script value: a map with integer `x` and `y`.
fn point(v: &Dynamic) -> Result<Point, Box<EvalAltResult>> {
    let bad = || -> Box<EvalAltResult> {
        format!("expected a cell #{{x: X, y: Y}}, found {}", v.type_name()).into()
    };
    let map = v.read_lock::<Map>().ok_or_else(bad)?;
    let coord = |k: &str| -> Result<i32, Box<EvalAltResult>> {
        let n = map.get(k).and_then(|d| d.as_int().ok()).ok_or_else(bad)?;
        i32::try_from(n).map_err(|_| bad())
    };
    Ok(Point::new(coord("x")?, coord("y")?))
}

/// The sandboxed engine with the `game` API.
fn engine() -> Engine {
    let mut engine = Engine::new();
    engine.set_max_operations(MAX_OPERATIONS);
    engine.set_max_call_levels(64);
    engine.set_max_expr_depths(64, 64);
    engine.set_max_string_size(10_000);
    engine.set_max_array_size(1_000_000);
    engine.set_max_map_size(100_000);
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine.register_type_with_name::<Game>("Game");
    engine.register_get("role", |g: &mut Game| -> String { g.0.me.name().into() });
    engine.register_get("me", |g: &mut Game| cell(g.player(g.0.me).at));
    engine.register_get("opponent", |g: &mut Game| cell(g.player(g.0.me.opponent()).at));
    engine.register_get("hero", |g: &mut Game| cell(g.0.hero.at));
    engine.register_get("monster", |g: &mut Game| cell(g.0.monster.at));
    engine.register_get("remaining_moves", |g: &mut Game| i64::from(g.0.remaining));
    engine.register_get("turn", |g: &mut Game| g.0.turn as i64);
    engine.register_get("size", |g: &mut Game| i64::from(g.grid().size().width));
    engine.register_get("potions", |g: &mut Game| cells(g.0.potions.iter().copied()));
    engine.register_get("my_potions", |g: &mut Game| i64::from(g.player(g.0.me).potions));
    engine.register_get("opponent_potions", |g: &mut Game| {
        i64::from(g.player(g.0.me.opponent()).potions)
    });
    engine.register_fn("legal_moves", |g: &mut Game| {
        let at = g.player(g.0.me).at;
        cells(std::iter::once(at).chain(g.legal_from(at)))
    });
    engine.register_fn("neighbours", |g: &mut Game, p: Dynamic| {
        Ok::<_, Box<EvalAltResult>>(cells(g.legal_from(point(&p)?)))
    });
    engine.register_fn("distance", |g: &mut Game, a: Dynamic, b: Dynamic| {
        Ok::<_, Box<EvalAltResult>>(g.distance(point(&a)?, point(&b)?))
    });
    engine.register_fn("open_cells", |g: &mut Game| cells(g.0.terrain.open.iter().copied()));
    engine.register_fn("is_open", |g: &mut Game, p: Dynamic| {
        Ok::<_, Box<EvalAltResult>>(g.grid().is_passable(point(&p)?))
    });
    engine.register_fn("is_hallway", |g: &mut Game, p: Dynamic| {
        let p = point(&p)?;
        Ok::<_, Box<EvalAltResult>>(g.grid().is_passable(p) && g.grid().is_narrow(p))
    });
    engine.register_fn("is_room", |g: &mut Game, p: Dynamic| {
        let p = point(&p)?;
        Ok::<_, Box<EvalAltResult>>(g.grid().is_passable(p) && !g.grid().is_narrow(p))
    });
    engine
}

/// `FILE:LINE:COLUMN` (or `FILE` when the position is unknown).
fn at(file: &str, pos: Position) -> String {
    match (pos.line(), pos.position()) {
        (Some(l), Some(c)) => format!("{file}:{l}:{c}"),
        (Some(l), None) => format!("{file}:{l}"),
        _ => file.to_string(),
    }
}

/// A compiled script: its name, file and syntax tree.
struct Script {
    file: String,
    engine: Engine,
    ast: AST,
    /// The line of `fn choose`.
    choose_line: usize,
}

impl Script {
    fn compile(file: &str, source: &str) -> Result<Script, String> {
        let engine = engine();
        let ast = engine.compile(source).map_err(|e| {
            let pos = e.position();
            format!("{}: {}", at(file, pos), e.err_type())
        })?;
        if !ast.iter_functions().any(|f| f.name == "choose" && f.params.len() == 1) {
            return Err(format!("{file}: the script defines no `fn choose(game)`"));
        }
        let choose_line = source
            .lines()
            .position(|l| l.trim_start().starts_with("fn choose"))
            .map_or(1, |i| i + 1);
        Ok(Script { file: file.to_string(), engine, ast, choose_line })
    }
}

/// A strategy played by a script.
struct ScriptStrategy {
    name: String,
    script: Script,
    terrain: Option<Rc<Terrain>>,
    state: Dynamic,
}

impl ScriptStrategy {
    fn fail(&self, pos: Position, turn: u64, what: &str) -> StrategyError {
        StrategyError(format!("{}: turn {turn}: {what}", at(&self.script.file, pos)))
    }
}

impl Strategy for ScriptStrategy {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, d: &Decision<'_>, _: &mut Paths) -> Result<Move, StrategyError> {
        let terrain = self
            .terrain
            .get_or_insert_with(|| {
                let grid = d.board.grid().clone();
                let size = grid.size();
                let open = (0..size.height as i32)
                    .flat_map(|y| (0..size.width as i32).map(move |x| Point::new(x, y)))
                    .filter(|&p| grid.is_passable(p))
                    .collect();
                Rc::new(Terrain { grid, open })
            })
            .clone();
        let turn = d.turn.0;
        let game = Game(Rc::new(View {
            terrain,
            me: d.me,
            hero: *d.board.hero(),
            monster: *d.board.monster(),
            potions: d.board.potions().to_vec(),
            remaining: d.remaining_moves,
            turn,
            fields: RefCell::new(Vec::new()),
        }));
        let options = CallFnOptions::new().eval_ast(false).bind_this_ptr(&mut self.state);
        let result = self.script.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut Scope::new(),
            &self.script.ast,
            "choose",
            (game,),
        );
        let value = match result {
            Ok(v) => v,
            Err(e) => {
                let inner = e.unwrap_inner();
                // The innermost position, else the call's, else `fn choose`'s line.
                let pos = [inner.position(), e.position()]
                    .into_iter()
                    .find(|p| !p.is_none())
                    .unwrap_or(Position::new(self.script.choose_line as u16, 1));
                let what = match inner {
                    EvalAltResult::ErrorTooManyOperations(_) => format!(
                        "the script ran more than {MAX_OPERATIONS} operations in one move (a \
                         loop that never ends?)"
                    ),
                    other => {
                        // Rhai appends " (line L, position C)": the prefix says it already.
                        let text = other.to_string();
                        text.rsplit_once(" (line ").map_or(text.clone(), |(m, _)| m.to_string())
                    }
                };
                return Err(self.fail(pos, turn, &what));
            }
        };
        let choose_at = Position::new(self.script.choose_line as u16, 1);
        let to = point(&value).map_err(|e| {
            self.fail(choose_at, turn, &format!("choose returned no cell: {}", e.unwrap_inner()))
        })?;
        let from = d.board.player(d.me).at;
        let mv = Move::between(from, to);
        let legal = d.board.legal_moves(d.me);
        if (to != from && mv == Move::Stay) || !legal.contains(&mv) {
            return Err(self.fail(
                choose_at,
                turn,
                &format!(
                    "choose returned {}, which is not a legal move for the {} at {from} (stay \
                     or one legal step)",
                    to,
                    d.me.name()
                ),
            ));
        }
        Ok(mv)
    }
}

/// Trait objects that always fail: a script that compiled once and then did not (never
/// expected; the error is kept for the game to report).
struct Broken(String, String);

impl Strategy for Broken {
    fn name(&self) -> &str {
        &self.0
    }

    fn choose(&mut self, _: &Decision<'_>, _: &mut Paths) -> Result<Move, StrategyError> {
        Err(StrategyError(self.1.clone()))
    }
}

/// Reads and compiles the script at `path` and returns a maker of its strategies (named
/// after the file's stem) that keeps the script's text for recordings.
///
/// # Errors
/// An unreadable file, or a script that does not compile or defines no
/// `fn choose(game)`, with the file, line and column.
pub fn load(path: &Path) -> Result<StrategyMaker> {
    use std::io::Read as _;
    let file = path.display().to_string();
    let mut source = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_SCRIPT_BYTES).read_to_string(&mut source))
        .with_context(|| format!("cannot read the script {file}"))?;
    let name = path.file_stem().map_or("script".into(), |s| s.to_string_lossy().into_owned());
    from_source(&file, &name, &source).map_err(anyhow::Error::msg)
}

/// Compiles `source` (errors name it `file`) and returns a maker of its strategies named
/// `name`, keeping the text (so a recording holds it whole).
///
/// # Errors
/// A script that does not compile or defines no `fn choose(game)`, with the file, line
/// and column.
pub fn from_source(file: &str, name: &str, source: &str) -> Result<StrategyMaker, String> {
    Script::compile(file, source)?;
    let (file, name, text) = (file.to_string(), name.to_string(), source.to_string());
    let maker = StrategyMaker::new(name.clone(), move || -> Box<dyn Strategy> {
        match Script::compile(&file, &text) {
            Ok(script) => Box::new(ScriptStrategy {
                name: name.clone(),
                script,
                terrain: None,
                state: Dynamic::from_map(Map::new()),
            }),
            Err(e) => Box::new(Broken(name.clone(), e)),
        }
    });
    Ok(maker.with_source(source))
}

/// Compiles a script kept in a chase recording (the replay's [`ScriptLoader`]): errors
/// name it `NAME.rhai (in the recording)`.
///
/// [`ScriptLoader`]: torchlit_ui::replay::ScriptLoader
pub fn from_recording(name: &str, source: &str) -> Result<StrategyMaker, String> {
    from_source(&format!("{name}.rhai (in the recording)"), name, source)
}

/// Whether a `--hero`/`--monster` value names a script file.
pub fn is_script(value: &str) -> bool {
    value.to_ascii_lowercase().ends_with(".rhai")
}

#[cfg(test)]
mod tests {
    use super::*;
    use torchlit_sim::formats::Dungeon;
    use torchlit_sim::modes::chase::{Chase, HeroKind, MonsterKind, Outcome};

    const CORNER: &str = include_str!("../../../testdata/dungeons/corner.txt");

    fn maker(source: &str) -> Result<StrategyMaker> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("s.rhai");
        std::fs::write(&path, source)?;
        load(&path)
    }

    fn run(source: &str) -> (Outcome, Option<String>) {
        run_on(CORNER, source)
    }

    fn run_on(dungeon: &str, source: &str) -> (Outcome, Option<String>) {
        let d = Dungeon::parse_chase(dungeon.as_bytes()).expect("parses");
        let hero = maker(source).expect("compiles");
        let mut chase =
            Chase::new(&d, hero.make(), MonsterKind::Monster.strategy()).expect("valid");
        let o = chase.run();
        (o, chase.error().map(|e| e.0.clone()))
    }

    #[test]
    fn a_script_that_stays_is_caught() {
        let (o, e) = run("fn choose(game) { game.me }");
        assert!(matches!(o, Outcome::Caught { .. }), "{o:?} {e:?}");
    }

    #[test]
    fn errors_name_the_file_the_line_and_the_turn() {
        let e = maker("fn choose(game) {\n  let x = ;\n}").expect_err("syntax error");
        assert!(e.to_string().contains("s.rhai:2:"), "{e}");
        let e = maker("fn other(game) { 1 }").expect_err("no choose");
        assert!(e.to_string().contains("no `fn choose(game)`"), "{e}");

        // The monster is walled off: the hero lives to turn 2.
        let walled = "3\n@   A \n      \n      \n";
        let src = "fn choose(game) {\n  if game.turn == 2 { throw \"boom\"; }\n  game.me\n}";
        let (o, e) = run_on(walled, src);
        assert_eq!(o, Outcome::Failed { who: Role::Hero, turn: torchlit_sim::Turn(2) });
        let e = e.expect("an error");
        assert!(e.contains("s.rhai:2:") && e.contains("turn 2") && e.contains("boom"), "{e}");

        let (_, e) = run("fn choose(game) {\n  #{x: 0, y: 0}\n}");
        let e = e.expect("illegal");
        assert!(e.contains("s.rhai:1:1: turn 1") && e.contains("not a legal move"), "{e}");

        let (_, e) = run("fn choose(game) {\n  loop { }\n}");
        let e = e.expect("runaway");
        assert!(e.contains("s.rhai:1:1: turn 1") && e.contains("operations in one move"), "{e}");
    }

    #[test]
    fn scripts_have_no_files_modules_or_clock() {
        assert!(maker("import \"x\" as x; fn choose(game) { game.me }").is_err());
        let (_, e) = run("fn choose(game) { timestamp(); game.me }");
        assert!(e.expect("no clock").contains("timestamp"));
    }

    #[test]
    fn this_keeps_state_between_moves_and_the_turn_limit_decides() {
        // Counts its moves in `this`; stays put in a place the monster cannot reach.
        let d = Dungeon::parse_chase(b"3\n@   A \n      \n      \n").expect("parses");
        let src = "fn choose(game) {\n  if this.n == () { this.n = 0; }\n  this.n += 1;\n  \
                   if this.n != game.turn { throw \"lost\"; }\n  game.me\n}";
        let hero = maker(src).expect("compiles");
        let mut chase = Chase::new(&d, hero.make(), HeroKind::Rogue.strategy())
            .expect("valid")
            .with_limit(Some(torchlit_sim::Turn(30)));
        assert!(!chase.repetition_rule());
        assert_eq!(chase.run(), Outcome::TurnLimit { turns: torchlit_sim::Turn(30) });
    }

    #[test]
    fn a_watched_script_chase_is_recorded_with_its_script_and_replays() {
        use torchlit_ui::record::{MemoryRecordings, Recordings};
        use torchlit_ui::{App, Input, Screen, chase::ChaseScreen, replay};
        let source = include_str!("../../../examples/chase/potions.rhai");
        let hero = from_source("potions.rhai", "potions", source).expect("compiles");
        let field = include_str!("../../../testdata/dungeons/potion_field.txt");
        let d = Dungeon::parse_chase(field.as_bytes()).expect("parses");
        let screen = ChaseScreen::new("potion_field".into(), &d, hero, MonsterKind::Monster, true)
            .and_then(|s| s.with_start(0, Some(torchlit_sim::Turn(40))))
            .expect("a chase");
        let kept = MemoryRecordings::default();
        let mut app = App::chase(screen.with_recordings(Some(Recordings::new(kept.clone()))));
        for _ in 0..20 {
            app.handle(Input::Char(' '));
        }
        let hash = app.chase_screen().map(|s| s.game().state_hash());
        app.handle(Input::Char('q'));
        let kept = kept.0.borrow();
        assert_eq!(kept.len(), 1);
        let v = replay::verify_with(&kept[0].1, Some(from_recording)).expect("it replays");
        assert_eq!(Some(v.hash), hash, "the replay ends where the watched game did");
        assert!(v.steps > 0 && v.outcome.is_some(), "{v:?}");
    }
}
