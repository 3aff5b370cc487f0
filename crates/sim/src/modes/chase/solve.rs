//! The chase, solved: retrograde analysis of every position of a dungeon.
//!
//! A chase position is the hero's cell, the monster's cell, which potions are left and
//! who drank the others, whose step it is and how many steps that player has left in
//! the turn (DM503's `remainingMoves`). The game graph over these positions is finite,
//! so it is solved backwards from the captures, as cops-and-robbers games and endgame
//! tablebases are (Ken Thompson, "Retrograde analysis of certain endgames", ICCA Journal
//! 1986): a monster position is won for the monster when one of its moves leads to a won
//! position, a hero position when all of the hero's moves do. Positions never labelled
//! are those from which the hero escapes forever.
//!
//! Each won position also gets the number of turns the monster needs with perfect play
//! on both sides (the monster as fast as it can, the hero as slowly as it can): a
//! breadth-first search by levels in which a step that ends a turn (the hero's last step)
//! costs one and every other step none (a 0-1 BFS).
//!
//! Memory: 3 bytes per position (the turn count as a `u16`, a counter of the hero's moves
//! not yet known to lose as a `u8`), plus the work lists; positions are
//! `P² × layers`, with `P` the passable cells and one layer per (potions, mover,
//! remaining steps) combination (2 without potions, 8 with one).

use torchlit_geom::Point;
use torchlit_path::{PathGrid, Rule};

use super::{Board, Role};

/// More positions than this are refused ([`SolveError::TooLarge`]): about 300 MB of
/// tables, the most one solve may take.
pub const MAX_POSITIONS: u64 = 100_000_000;

/// More potions than this are refused ([`SolveError::TooManyPotions`]).
pub const MAX_POTIONS: usize = 10;

const NONE: u32 = u32::MAX;
/// The value of a position from which the hero escapes.
const ESCAPES: u16 = u16::MAX;

/// Why a dungeon cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Too many positions to keep in memory.
    #[error(
        "the dungeon has {positions} chase positions ({cells} open cells); the solver takes at \
         most {max}"
    )]
    TooLarge {
        /// The positions the dungeon has.
        positions: u64,
        /// Its passable cells.
        cells: usize,
        /// [`MAX_POSITIONS`].
        max: u64,
    },
    /// Too many speed potions.
    #[error("the dungeon has {found} speed potions; the solver takes at most {max}")]
    TooManyPotions {
        /// How many the dungeon has.
        found: usize,
        /// [`MAX_POTIONS`].
        max: usize,
    },
    /// A capture would take more turns than the table can count (65,534).
    #[error("a capture takes more than 65534 turns; the solver cannot count that far")]
    TooDeep,
}

/// Who wins a position with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The monster forces a capture; it happens in the `turns`-th turn counted from the
    /// current one (1: during this turn).
    MonsterWins {
        /// The turn of the capture, the current turn being 1.
        turns: u64,
    },
    /// The hero escapes forever.
    HeroEscapes,
}

impl Verdict {
    /// Whether the monster wins.
    pub fn monster_wins(self) -> bool {
        matches!(self, Verdict::MonsterWins { .. })
    }
}

/// Who drank what: the potions left (a bit per potion of [`Solution::potions`]) and how
/// many the hero drank (the monster drank the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Config {
    left: u32,
    hero: u32,
    monster: u32,
}

impl Config {
    fn drunk(&self, role: Role) -> u32 {
        match role {
            Role::Hero => self.hero,
            Role::Monster => self.monster,
        }
    }
}

/// A layer of positions: potions, mover and steps left after this one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layer {
    config: u32,
    mover: Role,
    remaining: u32,
}

/// Where a step from a layer leads: the layer and whether the turn ends.
#[derive(Clone, Copy, Debug)]
struct Pred {
    /// The layer moved from.
    from: u32,
    /// The potion drunk by the step (`NONE`: none).
    potion: u32,
}

/// A solved dungeon: for every position, who wins with perfect play and how fast.
///
/// Built by [`Solution::solve`]; cells are map space (`(0, 0)` top-left, `y` down).
#[derive(Clone, Debug)]
pub struct Solution {
    width: u32,
    height: u32,
    /// Map cell (row-major) -> passable cell index, or `NONE`.
    index: Vec<u32>,
    /// Passable cell index -> its point.
    cells: Vec<Point>,
    /// Forward steps: `adj[adj_start[i]..adj_start[i + 1]]`.
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    /// Reverse steps, same layout.
    radj_start: Vec<u32>,
    radj: Vec<u32>,
    /// The potions at the start, sorted in reading order.
    potions: Vec<Point>,
    /// Cell index -> potion number, or `NONE`.
    potion_at: Vec<u32>,
    configs: Vec<Config>,
    /// `left * (k + 1) + hero` -> config, `NONE` if impossible.
    config_of: Vec<u32>,
    layers: Vec<Layer>,
    /// `(config * 2 + mover) * (k + 1) + remaining` -> layer.
    layer_of: Vec<u32>,
    /// Per position: turns (0-based) to the capture, or `ESCAPES`.
    value: Vec<u16>,
}

/// The retrograde analysis's working state.
struct Retro {
    /// Per position: turns (0-based) to the capture, or `ESCAPES` (not decided yet).
    value: Vec<u16>,
    /// Per hero position: the hero's moves not yet known to lose.
    open: Vec<u8>,
    /// Positions decided at `level`, still to retreat from.
    now: Vec<u32>,
    /// Positions decided at `level + 1`.
    later: Vec<u32>,
    /// The turns counted so far.
    level: u16,
}

impl Retro {
    /// Position `t` steps, by `mover`, into a position just decided for the monster
    /// (`ends_turn`: the step ends the turn). A monster position is then won; a hero
    /// position once all of its moves are known to lose.
    fn settle(&mut self, t: usize, mover: Role, ends_turn: bool) {
        if self.value[t] != ESCAPES {
            return;
        }
        match mover {
            Role::Monster => {
                self.value[t] = self.level;
                self.now.push(t as u32);
            }
            Role::Hero => {
                self.open[t] = self.open[t].saturating_sub(1);
                if self.open[t] == 0 {
                    if ends_turn {
                        self.value[t] = self.level.saturating_add(1);
                        self.later.push(t as u32);
                    } else {
                        self.value[t] = self.level;
                        self.now.push(t as u32);
                    }
                }
            }
        }
    }
}

/// The passable cells of `grid` in reading order, and per map cell (row-major) its index
/// among them or `NONE`.
fn index_cells(grid: &PathGrid) -> (Vec<u32>, Vec<Point>) {
    let size = grid.size();
    let mut index = vec![NONE; size.area()];
    let mut cells = Vec::new();
    for y in 0..size.height as i32 {
        for x in 0..size.width as i32 {
            let p = Point::new(x, y);
            if grid.is_passable(p) {
                index[y as usize * size.width as usize + x as usize] = cells.len() as u32;
                cells.push(p);
            }
        }
    }
    (index, cells)
}

/// The steps between passable cells, forward and reverse, as compressed adjacency lists.
struct Steps {
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    radj_start: Vec<u32>,
    radj: Vec<u32>,
}

impl Steps {
    /// The DM503 Rogue steps ([`Rule::ROOMS`]) between `cells`; `at` gives a point's cell
    /// index or `NONE`.
    fn of(grid: &PathGrid, cells: &[Point], at: impl Fn(Point) -> u32) -> Steps {
        let n = cells.len();
        let mut adj_start = Vec::with_capacity(n + 1);
        let mut adj = Vec::new();
        let mut rdeg = vec![0u32; n];
        for &p in cells {
            adj_start.push(adj.len() as u32);
            for (q, _) in Rule::ROOMS.steps(grid, p) {
                let j = at(q);
                if j != NONE {
                    adj.push(j);
                    rdeg[j as usize] += 1;
                }
            }
        }
        adj_start.push(adj.len() as u32);
        let mut radj_start = Vec::with_capacity(n + 1);
        let mut acc = 0;
        for d in &rdeg {
            radj_start.push(acc);
            acc += d;
        }
        radj_start.push(acc);
        let mut fill = radj_start.clone();
        let mut radj = vec![0u32; adj.len()];
        for i in 0..n {
            for &j in &adj[adj_start[i] as usize..adj_start[i + 1] as usize] {
                radj[fill[j as usize] as usize] = i as u32;
                fill[j as usize] += 1;
            }
        }
        Steps { adj_start, adj, radj_start, radj }
    }
}

/// Every way `k` potions can be left and drunk, and `left * (k + 1) + hero` -> config
/// (`NONE` if impossible).
fn potion_configs(k: usize) -> (Vec<Config>, Vec<u32>) {
    let stride = k + 1;
    let mut configs = Vec::new();
    let mut config_of = vec![NONE; (1usize << k) * stride];
    for left in 0..(1u32 << k) {
        let drunk = k as u32 - left.count_ones();
        for hero in 0..=drunk {
            config_of[left as usize * stride + hero as usize] = configs.len() as u32;
            configs.push(Config { left, hero, monster: drunk - hero });
        }
    }
    (configs, config_of)
}

/// The layers of `configs` (each mover, each count of steps left), and
/// `(config * 2 + mover) * (k + 1) + remaining` -> layer.
fn config_layers(configs: &[Config], k: usize) -> (Vec<Layer>, Vec<u32>) {
    let stride = k + 1;
    let mut layers = Vec::new();
    let mut layer_of = vec![NONE; configs.len() * 2 * stride];
    for (c, config) in configs.iter().enumerate() {
        for mover in [Role::Monster, Role::Hero] {
            for remaining in 0..=config.drunk(mover) {
                let key = (c * 2 + mover_index(mover)) * stride + remaining as usize;
                layer_of[key] = layers.len() as u32;
                layers.push(Layer { config: c as u32, mover, remaining });
            }
        }
    }
    (layers, layer_of)
}

fn mover_index(role: Role) -> usize {
    match role {
        Role::Monster => 0,
        Role::Hero => 1,
    }
}

impl Solution {
    /// Solves the board's dungeon: its terrain and the potions it started with.
    ///
    /// # Errors
    /// [`SolveError`] when it is too large or has too many potions.
    pub fn solve(board: &Board) -> Result<Solution, SolveError> {
        Solution::solve_grid(board.grid(), board.initial_potions())
    }

    /// Solves a dungeon given as a DM503 Rogue path grid ([`super::path_grid`]) and the
    /// potions at the start.
    ///
    /// # Errors
    /// [`SolveError`] when it is too large or has too many potions.
    pub fn solve_grid(grid: &PathGrid, potions: &[Point]) -> Result<Solution, SolveError> {
        let mut s = Solution::layout(grid, potions)?;
        s.run()?;
        Ok(s)
    }

    fn layout(grid: &PathGrid, potions: &[Point]) -> Result<Solution, SolveError> {
        let size = grid.size();
        let (width, height) = (size.width, size.height);
        let (index, cells) = index_cells(grid);
        let n = cells.len();
        let at = |p: Point| -> u32 {
            if size.contains(p) {
                index[p.y as usize * width as usize + p.x as usize]
            } else {
                NONE
            }
        };
        let Steps { adj_start, adj, radj_start, radj } = Steps::of(grid, &cells, at);
        let mut potions: Vec<Point> = potions.iter().copied().filter(|&p| at(p) != NONE).collect();
        potions.sort_by_key(|p| (p.y, p.x));
        potions.dedup();
        let k = potions.len();
        if k > MAX_POTIONS {
            return Err(SolveError::TooManyPotions { found: k, max: MAX_POTIONS });
        }
        let mut potion_at = vec![NONE; n];
        for (i, &p) in potions.iter().enumerate() {
            potion_at[at(p) as usize] = i as u32;
        }
        let (configs, config_of) = potion_configs(k);
        let (layers, layer_of) = config_layers(&configs, k);
        let positions = (n as u64).pow(2).saturating_mul(layers.len() as u64);
        if positions > MAX_POSITIONS {
            return Err(SolveError::TooLarge { positions, cells: n, max: MAX_POSITIONS });
        }
        Ok(Solution {
            width,
            height,
            index,
            cells,
            adj_start,
            adj,
            radj_start,
            radj,
            potions,
            potion_at,
            configs,
            config_of,
            layers,
            layer_of,
            value: Vec::new(),
        })
    }

    fn k(&self) -> usize {
        self.potions.len()
    }

    fn layer(&self, config: u32, mover: Role, remaining: u32) -> u32 {
        let stride = self.k() + 1;
        let key = (config as usize * 2 + mover_index(mover)) * stride + remaining as usize;
        self.layer_of.get(key).copied().unwrap_or(NONE)
    }

    /// The config after `role` drinks potion `potion` in `config`.
    fn drink(&self, config: u32, role: Role, potion: u32) -> u32 {
        let c = self.configs[config as usize];
        let left = c.left & !(1 << potion);
        let hero = if role == Role::Hero { c.hero + 1 } else { c.hero };
        self.config_of[left as usize * (self.k() + 1) + hero as usize]
    }

    /// Where a step of the mover of `layer` leads with potions `config` after it: the
    /// next layer and whether the step ends the turn.
    fn next_layer(&self, layer: Layer, config: u32) -> (u32, bool) {
        let c = self.configs[config as usize];
        if layer.remaining > 0 {
            (self.layer(config, layer.mover, layer.remaining - 1), false)
        } else {
            match layer.mover {
                Role::Monster => (self.layer(config, Role::Hero, c.hero), false),
                Role::Hero => (self.layer(config, Role::Monster, c.monster), true),
            }
        }
    }

    fn steps(&self, i: u32) -> &[u32] {
        &self.adj[self.adj_start[i as usize] as usize..self.adj_start[i as usize + 1] as usize]
    }

    fn rsteps(&self, i: u32) -> &[u32] {
        &self.radj[self.radj_start[i as usize] as usize..self.radj_start[i as usize + 1] as usize]
    }

    /// The retrograde analysis: fills `value`.
    fn run(&mut self) -> Result<(), SolveError> {
        let preds = self.predecessors();
        let ends_turn: Vec<bool> =
            self.layers.iter().map(|l| l.mover == Role::Hero && l.remaining == 0).collect();
        let mut retro = self.captures();
        loop {
            while let Some(s) = retro.now.pop() {
                self.retreat(s as usize, &preds, &ends_turn, &mut retro);
            }
            if retro.later.is_empty() {
                break;
            }
            if retro.level >= ESCAPES - 2 {
                return Err(SolveError::TooDeep);
            }
            retro.level += 1;
            std::mem::swap(&mut retro.now, &mut retro.later);
        }
        self.value = retro.value;
        Ok(())
    }

    /// Which layers step into each layer, and with which potion.
    fn predecessors(&self) -> Vec<Vec<Pred>> {
        let mut preds: Vec<Vec<Pred>> = vec![Vec::new(); self.layers.len()];
        for (l, &layer) in self.layers.iter().enumerate() {
            let c = self.configs[layer.config as usize];
            let (to, _) = self.next_layer(layer, layer.config);
            preds[to as usize].push(Pred { from: l as u32, potion: NONE });
            for z in 0..self.k() as u32 {
                if c.left & (1 << z) != 0 {
                    let after = self.drink(layer.config, layer.mover, z);
                    let (to, _) = self.next_layer(layer, after);
                    preds[to as usize].push(Pred { from: l as u32, potion: z });
                }
            }
        }
        preds
    }

    /// The analysis's start: the monster's captures (value 0, to retreat from) and, per
    /// hero position, the hero's moves (a stay and each step but onto the monster).
    fn captures(&self) -> Retro {
        let n = self.cells.len();
        let nn = n * n;
        let total = nn * self.layers.len();
        let mut value = vec![ESCAPES; total];
        let mut open = vec![0u8; total];
        let mut now: Vec<u32> = Vec::new();
        for (l, layer) in self.layers.iter().enumerate() {
            let base = l * nn;
            for h in 0..n as u32 {
                for m in 0..n as u32 {
                    if h == m {
                        continue;
                    }
                    let s = base + h as usize * n + m as usize;
                    match layer.mover {
                        Role::Monster => {
                            if self.steps(m).contains(&h) {
                                value[s] = 0;
                                now.push(s as u32);
                            }
                        }
                        Role::Hero => {
                            let capture = usize::from(self.steps(h).contains(&m));
                            open[s] = (1 + self.steps(h).len() - capture) as u8;
                        }
                    }
                }
            }
        }
        Retro { value, open, now, later: Vec::new(), level: 0 }
    }

    /// Settles the positions one step before position `s`, which was just decided for
    /// the monster at `retro.level`.
    fn retreat(&self, s: usize, preds: &[Vec<Pred>], ends_turn: &[bool], retro: &mut Retro) {
        let n = self.cells.len();
        let nn = n * n;
        let l = s / nn;
        let h = ((s % nn) / n) as u32;
        let m = (s % n) as u32;
        for pred in &preds[l] {
            let from = self.layers[pred.from as usize];
            let c = self.configs[from.config as usize];
            let (moved, other) = match from.mover {
                Role::Hero => (h, m),
                Role::Monster => (m, h),
            };
            let base = pred.from as usize * nn;
            let ends = ends_turn[pred.from as usize];
            let mut visit = |p: u32| {
                if p == other {
                    return;
                }
                let (ph, pm) = match from.mover {
                    Role::Hero => (p, other),
                    Role::Monster => (other, p),
                };
                retro.settle(base + ph as usize * n + pm as usize, from.mover, ends);
            };
            if pred.potion == NONE {
                // No potion drunk: a stay, or a step onto a cell without a potion left.
                visit(moved);
                let z = self.potion_at[moved as usize];
                if z == NONE || c.left & (1 << z) == 0 {
                    for &p in self.rsteps(moved) {
                        visit(p);
                    }
                }
            } else if self.potion_at[moved as usize] == pred.potion {
                for &p in self.rsteps(moved) {
                    visit(p);
                }
            }
        }
    }

    fn cell(&self, p: Point) -> Option<u32> {
        if p.x < 0 || p.y < 0 || p.x as u32 >= self.width || p.y as u32 >= self.height {
            return None;
        }
        let i = self.index[p.y as usize * self.width as usize + p.x as usize];
        (i != NONE).then_some(i)
    }

    /// The config of the potions on the floor (`left`) and the hero's and monster's
    /// potion counts, if it is one this solution knows.
    fn config(&self, left: &[Point], hero: u32, monster: u32) -> Option<u32> {
        let mut mask = 0u32;
        for p in left {
            let i = self.potions.binary_search_by_key(&(p.y, p.x), |q| (q.y, q.x)).ok()?;
            mask |= 1 << i;
        }
        let c = *self.config_of.get(mask as usize * (self.k() + 1) + hero as usize)?;
        (c != NONE && self.configs[c as usize].monster == monster).then_some(c)
    }

    fn position(&self, layer: u32, h: u32, m: u32) -> usize {
        let n = self.cells.len();
        layer as usize * n * n + h as usize * n + m as usize
    }

    fn verdict_at(&self, s: usize) -> Verdict {
        match self.value.get(s) {
            Some(&v) if v != ESCAPES => Verdict::MonsterWins { turns: u64::from(v) + 1 },
            _ => Verdict::HeroEscapes,
        }
    }

    /// Who wins from the start of a turn with the hero on `hero`, the monster on
    /// `monster` and the starting potions (none drunk); `None` if a cell is not open.
    pub fn verdict(&self, hero: Point, monster: Point) -> Option<Verdict> {
        let (h, m) = (self.cell(hero)?, self.cell(monster)?);
        if h == m {
            return Some(Verdict::MonsterWins { turns: 0 });
        }
        let config = self.config_of[((1usize << self.k()) - 1) * (self.k() + 1)] as usize;
        let c = self.configs[config];
        let layer = self.layer(config as u32, Role::Monster, c.monster);
        Some(self.verdict_at(self.position(layer, h, m)))
    }

    /// Who wins the board as it stands when `me` is about to take a step with
    /// `remaining` more after it this turn; `None` for a board this solution does not
    /// describe (another dungeon).
    pub fn verdict_of(&self, board: &Board, me: Role, remaining: u32) -> Option<Verdict> {
        let (h, m) = (self.cell(board.hero().at)?, self.cell(board.monster().at)?);
        if h == m {
            return Some(Verdict::MonsterWins { turns: 0 });
        }
        let config = self.config(board.potions(), board.hero().potions, board.monster().potions)?;
        let layer = self.layer(config, me, remaining);
        (layer != NONE).then(|| self.verdict_at(self.position(layer, h, m)))
    }

    /// The outcome of each step `me` may take now (staying first, then the legal steps
    /// in [`torchlit_geom::Direction::ALL`] order): the cell and who wins after it (a
    /// step onto the opponent: the monster, in this turn). `None` for a board this
    /// solution does not describe.
    pub fn options(
        &self,
        board: &Board,
        me: Role,
        remaining: u32,
    ) -> Option<Vec<(Point, Verdict)>> {
        let (h, m) = (self.cell(board.hero().at)?, self.cell(board.monster().at)?);
        let config = self.config(board.potions(), board.hero().potions, board.monster().potions)?;
        let layer = self.layer(config, me, remaining);
        let from = *self.layers.get(layer as usize)?;
        let (moved, other) = if me == Role::Hero { (h, m) } else { (m, h) };
        let c = self.configs[config as usize];
        let mut out = Vec::with_capacity(9);
        for q in std::iter::once(moved).chain(self.steps(moved).iter().copied()) {
            let point = self.cells[q as usize];
            if q == other {
                out.push((point, Verdict::MonsterWins { turns: 1 }));
                continue;
            }
            let z = self.potion_at[q as usize];
            let after = if q != moved && z != NONE && c.left & (1 << z) != 0 {
                self.drink(config, me, z)
            } else {
                config
            };
            let (next, ends) = self.next_layer(from, after);
            let (nh, nm) = if me == Role::Hero { (q, other) } else { (other, q) };
            let verdict = match self.verdict_at(self.position(next, nh, nm)) {
                Verdict::MonsterWins { turns } => {
                    Verdict::MonsterWins { turns: turns + u64::from(ends) }
                }
                v => v,
            };
            out.push((point, verdict));
        }
        Some(out)
    }

    /// The open (room or hallway) cells, in reading order.
    pub fn cells(&self) -> &[Point] {
        &self.cells
    }

    /// The potions at the start, in reading order.
    pub fn potions(&self) -> &[Point] {
        &self.potions
    }

    /// How many positions the table holds.
    pub fn positions(&self) -> usize {
        self.value.len()
    }

    /// The bytes the solution keeps (its tables; the solve itself needs about twice as
    /// much while it runs).
    pub fn memory_bytes(&self) -> usize {
        self.value.len() * 2
            + (self.index.len() + self.adj.len() + self.radj.len() + 2 * self.cells.len()) * 4
            + self.cells.len() * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Dungeon;
    use crate::modes::chase::path_grid;

    fn solve(text: &str) -> (Dungeon, Solution) {
        let d = Dungeon::parse(text.as_bytes()).expect("parses");
        let grid = path_grid(&d.map).expect("grid");
        let s = Solution::solve_grid(&grid, &d.potions).expect("solves");
        (d, s)
    }

    #[test]
    fn adjacent_monster_wins_in_the_first_turn_and_a_lone_cell_pair_escapes() {
        let (_, s) = solve("3\n@ A . \n      \n      \n");
        assert_eq!(
            s.verdict(Point::new(0, 0), Point::new(1, 0)),
            Some(Verdict::MonsterWins { turns: 1 })
        );
        // Separated by a wall: the monster can never get there.
        let (_, s) = solve("3\n@   A \n      \n      \n");
        assert_eq!(s.verdict(Point::new(0, 0), Point::new(2, 0)), Some(Verdict::HeroEscapes));
    }

    #[test]
    fn an_open_room_is_lost_and_a_long_hallway_loop_is_not() {
        // A closed 3x3 room: the monster corners the hero.
        let (_, s) = solve("3\n@ . . \n. . . \n. . A \n");
        assert!(s.verdict(Point::new(0, 0), Point::new(2, 2)).is_some_and(Verdict::monster_wins));
        // A ring of hallway: the hero runs around forever.
        let ring = "4\n@ + + + \n+     + \n+     + \n+ + + A \n";
        let (_, s) = solve(ring);
        assert_eq!(s.verdict(Point::new(0, 0), Point::new(3, 3)), Some(Verdict::HeroEscapes));
    }

    #[test]
    fn positions_are_cells_squared_times_layers() {
        let (_, s) = solve("3\n@ . . \n. s . \n. . A \n");
        // 9 cells; one potion: 8 layers.
        assert_eq!(s.positions(), 81 * 8);
        assert_eq!(s.potions(), &[Point::new(1, 1)]);
        let (_, s) = solve("3\n@ . . \n. . . \n. . A \n");
        assert_eq!(s.positions(), 81 * 2);
    }

    #[test]
    fn too_many_potions_are_refused() {
        let row = "s ".repeat(12);
        let text = format!("12\n@ A {}\n{row}\n{}", "s ".repeat(10), "\n".repeat(10));
        let d = Dungeon::parse(text.as_bytes()).expect("parses");
        let grid = path_grid(&d.map).expect("grid");
        let e = Solution::solve_grid(&grid, &d.potions).expect_err("too many");
        assert!(matches!(e, SolveError::TooManyPotions { found: 22, .. }), "{e}");
    }
}
