//! Screens and the stack they live on: what a game's front end drives.
//!
//! A [`Screen`] draws itself into a [`Frame`], answers inputs and (when it runs in
//! real time) ticks, and says what happens next with one [`Transition`]. A [`Stack`]
//! holds the screens (a title menu at the bottom, the game above it, a dialog on top),
//! sends every input to the top one and applies the transitions, so a front end only
//! needs `render`, `handle`, `tick` and `close` of the stack. `torchlit-term` runs any
//! `Screen` in a terminal; a tile or web front end does the same with the same screens.

use std::any::Any;

use crate::{Frame, Input, Mouse, Scene};
use torchlit_geom::Size;

/// Why a screen could not save what it had to ([`Screen::close`], [`Screen::save`]).
///
/// Its `Display` is the whole sentence for the player ("could not save the run: the disk
/// is full"), the cause included; [`source`](std::error::Error::source) gives the cause
/// itself (a [`std::io::Error`], a store's error) to code that looks at it, so print the
/// `Display` alone, not the chain. A sentence with no cause to give converts from a
/// `String` or a `&str` (`Err("the disk is full".into())`); a cause is wrapped with
/// [`CloseError::new`] or, behind a few words of context, [`CloseError::context`].
#[derive(Debug)]
pub struct CloseError {
    /// The words before the cause ("could not save the run"), or the whole sentence
    /// when there is no cause; empty when the cause says it all.
    context: String,
    cause: Option<Box<dyn std::error::Error + Send + Sync + 'static>>,
}

impl CloseError {
    /// A failure that `cause` says in full (its `Display` is the sentence).
    pub fn new(cause: impl Into<Box<dyn std::error::Error + Send + Sync + 'static>>) -> CloseError {
        CloseError { context: String::new(), cause: Some(cause.into()) }
    }

    /// `context`, then `cause`: "could not save the run: the disk is full".
    pub fn context(
        context: impl Into<String>,
        cause: impl Into<Box<dyn std::error::Error + Send + Sync + 'static>>,
    ) -> CloseError {
        CloseError { context: context.into(), cause: Some(cause.into()) }
    }
}

impl std::fmt::Display for CloseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.cause, self.context.is_empty()) {
            (Some(cause), true) => write!(f, "{cause}"),
            (Some(cause), false) => write!(f, "{}: {cause}", self.context),
            (None, _) => f.write_str(&self.context),
        }
    }
}

impl std::error::Error for CloseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause.as_deref().map(|c| c as &(dyn std::error::Error + 'static))
    }
}

impl From<String> for CloseError {
    fn from(sentence: String) -> CloseError {
        CloseError { context: sentence, cause: None }
    }
}

impl From<&str> for CloseError {
    fn from(sentence: &str) -> CloseError {
        CloseError::from(sentence.to_string())
    }
}

/// What happens after a screen has handled an input or a tick.
pub enum Transition {
    /// Stay on this screen (redraw).
    Stay,
    /// Open `screen` on top of this one; this one comes back when it is popped.
    Push(Box<dyn Screen>),
    /// Replace this screen with `screen`.
    Replace(Box<dyn Screen>),
    /// Close this screen and go back to the one below (quit when it was the last).
    Pop,
    /// Close this screen and hand `answer` to the one below ([`Screen::answer`]): a
    /// dialog's choice, a picked item. The screen below downcasts it to the type the
    /// dialog it pushed answers with.
    PopWith(Box<dyn Any>),
    /// Quit the whole program (after [`Screen::close`] on every screen).
    Quit,
}

impl std::fmt::Debug for Transition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Transition::Stay => "Stay",
            Transition::Push(_) => "Push(..)",
            Transition::Replace(_) => "Replace(..)",
            Transition::Pop => "Pop",
            Transition::PopWith(_) => "PopWith(..)",
            Transition::Quit => "Quit",
        })
    }
}

/// One screen of a game: a title menu, a map view, an inventory, a dialog.
///
/// Coordinates: screen space, `(0, 0)` the top-left cell of the frame, `x` right, `y`
/// down. Screens are `'static` (`Any`), so a test can look at the screen on top of a
/// [`Stack`] with [`Stack::top`].
pub trait Screen: Any {
    /// Draws the screen into `frame` (the whole frame: it starts blank, or, for an
    /// overlay ([`Screen::is_overlay`]), as the screens below drew it).
    fn render(&self, frame: &mut Frame);

    /// Answers one key press.
    fn handle(&mut self, input: Input) -> Transition;

    /// What a tiles front end draws now, with a map view of at most `view` map cells
    /// (the screen places the camera: the hero in view, no cell past the map's edge
    /// unless the map is smaller than the view). `None` (the default) when the screen
    /// shows text only (a menu, a help page, a dialog): the front end then shows the
    /// [`Frame`] of [`Screen::render`] as text.
    fn scene(&self, view: Size) -> Option<Scene> {
        let _ = view;
        None
    }

    /// Answers the mouse: hovering a map cell (look), clicking one (travel, attack,
    /// step), inspecting one, or clicking a line of a text screen. Map cells are those of
    /// the last [`Screen::scene`]. Nothing by default.
    fn mouse(&mut self, event: Mouse) -> Transition {
        let _ = event;
        Transition::Stay
    }

    /// A key went up. Only front ends that can tell (kitty keyboard protocol, browsers)
    /// report releases; see [`Screen::set_key_releases`].
    fn release(&mut self, input: Input) -> Transition {
        let _ = input;
        Transition::Stay
    }

    /// Whether the screen runs in real time now: the front end then calls
    /// [`Screen::tick`] 24 times a second.
    fn wants_ticks(&self) -> bool {
        false
    }

    /// Advances a real-time screen by one tick (1/24 s).
    fn tick(&mut self) -> Transition {
        Transition::Stay
    }

    /// Tells the screen whether its front end reports key releases; without them a
    /// screen that needs held keys must infer holds from auto-repeat.
    fn set_key_releases(&mut self, releases: bool) {
        let _ = releases;
    }

    /// The frame the screen is drawn into is now `size` cells (columns, rows): front ends
    /// call it before drawing whenever the size may have changed, and a [`Stack`] tells
    /// every screen, also one pushed later. A screen whose keys depend on the layout (how
    /// far a page scrolls, which line a click is on) keeps it here, never by writing
    /// state while it draws. Nothing by default.
    fn resize(&mut self, size: Size) {
        let _ = size;
    }

    /// This screen is on top again: the screen above it closed. A screen that shows
    /// something the one above may have changed (a title menu offering to continue a
    /// saved run) looks again here. Nothing by default.
    fn resume(&mut self) {}

    /// The screen above closed with [`Transition::PopWith`]: `answer` is its choice (a
    /// confirm prompt's yes or no, a picked item), called after [`Screen::resume`]. A
    /// screen downcasts it to the type of the dialog it pushed; ignored by default.
    fn answer(&mut self, answer: Box<dyn Any>) -> Transition {
        let _ = answer;
        Transition::Stay
    }

    /// Whether this screen draws over the screens below it (a dialog, a help page or an
    /// inventory in a box over the map): the [`Stack`] then draws the screens below it
    /// first, from the topmost screen that is not an overlay up. An overlay's frame
    /// starts as what those screens drew, not blank. `false` by default (the screen
    /// draws the whole frame).
    fn is_overlay(&self) -> bool {
        false
    }

    /// One line saying what the screen shows now, for lists of games in progress
    /// (`"caves: depth 3, turn 120"`); empty by default.
    fn describe(&self) -> String {
        String::new()
    }

    /// The program is about to end (quit, Ctrl-C, a signal, a closed browser tab): save
    /// what must be saved.
    ///
    /// # Errors
    /// Why saving failed, its `Display` one sentence for the player ("the disk is full").
    fn close(&mut self) -> Result<(), CloseError> {
        Ok(())
    }

    /// The player went away but may come back to this very game (a browser tab closed or
    /// reloaded; the front end keeps the screen a while): save now what
    /// [`Screen::close`] would save, and stay playable. Nothing by default.
    ///
    /// # Errors
    /// Why saving failed, its `Display` one sentence for the player.
    fn save(&mut self) -> Result<(), CloseError> {
        Ok(())
    }

    /// A line for the shell once the program has ended, such as where a saved run is
    /// and how to continue it ("The caves run is saved ..."); asked when the screen
    /// leaves its [`Stack`] and, for the screens still open, after [`Screen::close`].
    /// None by default.
    fn farewell(&self) -> Option<String> {
        None
    }
}

/// A stack of screens: inputs and ticks go to the top one, transitions are applied.
///
/// The stack is itself a [`Screen`], so a front end runs one value. It quits when its
/// last screen pops.
pub struct Stack {
    screens: Vec<Box<dyn Screen>>,
    releases: bool,
    /// The frame's size as last told ([`Screen::resize`]), for screens pushed later.
    size: Option<Size>,
    /// The farewells of the screens that have left, oldest first.
    farewells: Vec<String>,
}

impl Stack {
    /// A stack with `screen` at the bottom.
    pub fn new(screen: Box<dyn Screen>) -> Stack {
        Stack { screens: vec![screen], releases: false, size: None, farewells: Vec::new() }
    }

    /// How many screens are open.
    pub fn len(&self) -> usize {
        self.screens.len()
    }

    /// Whether no screen is left (the stack has quit).
    pub fn is_empty(&self) -> bool {
        self.screens.is_empty()
    }

    /// The screen on top, if it is a `T`.
    pub fn top<T: Screen>(&self) -> Option<&T> {
        let top: &dyn Any = self.screens.last()?.as_ref();
        top.downcast_ref::<T>()
    }

    /// The screen on top, mutably, if it is a `T`.
    pub fn top_mut<T: Screen>(&mut self) -> Option<&mut T> {
        let top: &mut dyn Any = self.screens.last_mut()?.as_mut();
        top.downcast_mut::<T>()
    }

    /// The topmost screen that is a `T`, wherever it is on the stack.
    pub fn find<T: Screen>(&self) -> Option<&T> {
        self.screens.iter().rev().find_map(|s| {
            let s: &dyn Any = s.as_ref();
            s.downcast_ref::<T>()
        })
    }

    /// The topmost screen that is a `T`, mutably, wherever it is on the stack.
    pub fn find_mut<T: Screen>(&mut self) -> Option<&mut T> {
        self.screens.iter_mut().rev().find_map(|s| {
            let s: &mut dyn Any = s.as_mut();
            s.downcast_mut::<T>()
        })
    }

    /// Opens `screen` on top.
    pub fn push(&mut self, mut screen: Box<dyn Screen>) {
        screen.set_key_releases(self.releases);
        if let Some(size) = self.size {
            screen.resize(size);
        }
        self.screens.push(screen);
    }

    /// Applies `t` to the top screen; returns [`Transition::Quit`] when the program ends
    /// (an explicit quit, or the last screen popped), else [`Transition::Stay`].
    pub fn apply(&mut self, t: Transition) -> Transition {
        match t {
            Transition::Stay => {}
            Transition::Push(s) => self.push(s),
            Transition::Replace(s) => {
                self.pop();
                self.push(s);
            }
            Transition::Pop => {
                self.pop();
                if let Some(top) = self.screens.last_mut() {
                    top.resume();
                }
            }
            Transition::PopWith(answer) => {
                self.pop();
                if let Some(top) = self.screens.last_mut() {
                    top.resume();
                    let t = top.answer(answer);
                    return self.apply(t);
                }
            }
            Transition::Quit => return Transition::Quit,
        }
        if self.screens.is_empty() { Transition::Quit } else { Transition::Stay }
    }
}

impl Stack {
    /// Closes the top screen, keeping its farewell.
    fn pop(&mut self) {
        if let Some(line) = self.screens.pop().and_then(|s| s.farewell()) {
            self.farewells.push(line);
        }
    }

    /// Runs `f` on every screen, top first; the first error.
    fn each_screen(
        &mut self,
        mut f: impl FnMut(&mut Box<dyn Screen>) -> Result<(), CloseError>,
    ) -> Result<(), CloseError> {
        let mut first = Ok(());
        for s in self.screens.iter_mut().rev() {
            if let Err(e) = f(s)
                && first.is_ok()
            {
                first = Err(e);
            }
        }
        first
    }
}

impl Screen for Stack {
    /// Draws the topmost screen that is not an overlay, then every overlay above it.
    fn render(&self, frame: &mut Frame) {
        let base = self.screens.iter().rposition(|s| !s.is_overlay()).unwrap_or(0);
        for s in self.screens.iter().skip(base) {
            s.render(frame);
        }
    }

    fn handle(&mut self, input: Input) -> Transition {
        let Some(top) = self.screens.last_mut() else { return Transition::Quit };
        let t = top.handle(input);
        self.apply(t)
    }

    fn scene(&self, view: Size) -> Option<Scene> {
        self.screens.last().and_then(|s| s.scene(view))
    }

    fn mouse(&mut self, event: Mouse) -> Transition {
        let Some(top) = self.screens.last_mut() else { return Transition::Quit };
        let t = top.mouse(event);
        self.apply(t)
    }

    fn release(&mut self, input: Input) -> Transition {
        let Some(top) = self.screens.last_mut() else { return Transition::Quit };
        let t = top.release(input);
        self.apply(t)
    }

    fn wants_ticks(&self) -> bool {
        self.screens.last().is_some_and(|s| s.wants_ticks())
    }

    fn resume(&mut self) {
        if let Some(top) = self.screens.last_mut() {
            top.resume();
        }
    }

    /// Tells every screen, and remembers the size for screens pushed later.
    fn resize(&mut self, size: Size) {
        self.size = Some(size);
        for s in &mut self.screens {
            s.resize(size);
        }
    }

    /// The description of the topmost screen that has one (an overlay over a game
    /// usually has none: the game's shows).
    fn describe(&self) -> String {
        self.screens.iter().rev().map(|s| s.describe()).find(|d| !d.is_empty()).unwrap_or_default()
    }

    fn tick(&mut self) -> Transition {
        let Some(top) = self.screens.last_mut() else { return Transition::Quit };
        let t = top.tick();
        self.apply(t)
    }

    fn set_key_releases(&mut self, releases: bool) {
        self.releases = releases;
        for s in &mut self.screens {
            s.set_key_releases(releases);
        }
    }

    /// Closes every screen, top first; the first error is returned, but every screen is
    /// closed.
    fn close(&mut self) -> Result<(), CloseError> {
        self.each_screen(|s| s.close())
    }

    /// Saves every screen, top first; the first error is returned, but every screen is
    /// saved.
    fn save(&mut self) -> Result<(), CloseError> {
        self.each_screen(|s| s.save())
    }

    /// The farewells of the screens that left, oldest first, then those of the screens
    /// still open, top first; one per line.
    fn farewell(&self) -> Option<String> {
        let open = self.screens.iter().rev().filter_map(|s| s.farewell());
        let lines: Vec<String> = self.farewells.iter().cloned().chain(open).collect();
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Point, Rgb};

    struct Label(&'static str, u32);

    impl Screen for Label {
        fn render(&self, frame: &mut Frame) {
            frame.print_at(Point::new(0, 0), self.0, Rgb::WHITE, Rgb::BLACK);
        }
        fn handle(&mut self, input: Input) -> Transition {
            match input {
                Input::Char('o') => Transition::Push(Box::new(Label("top", 0))),
                Input::Char('r') => Transition::Replace(Box::new(Label("new", 0))),
                Input::Esc => Transition::Pop,
                Input::Char('q') => Transition::Quit,
                _ => {
                    self.1 += 1;
                    Transition::Stay
                }
            }
        }
        fn resume(&mut self) {
            self.1 += 100;
        }
    }

    fn shown(stack: &Stack) -> String {
        let mut f = Frame::with_size(Size::new(3, 1));
        stack.render(&mut f);
        f.to_text()
    }

    #[test]
    fn transitions_move_through_the_stack() {
        let mut stack = Stack::new(Box::new(Label("bot", 0)));
        assert_eq!(shown(&stack), "bot\n");
        assert!(matches!(stack.handle(Input::Char('x')), Transition::Stay));
        assert_eq!(stack.top::<Label>().map(|l| l.1), Some(1));
        stack.handle(Input::Char('o'));
        assert_eq!((stack.len(), shown(&stack).as_str()), (2, "top\n"));
        stack.handle(Input::Char('r'));
        assert_eq!((stack.len(), shown(&stack).as_str()), (2, "new\n"));
        assert!(matches!(stack.handle(Input::Esc), Transition::Stay));
        assert_eq!(shown(&stack), "bot\n");
        assert!(matches!(stack.handle(Input::Esc), Transition::Quit), "last pop quits");
        assert!(stack.is_empty());
    }

    #[test]
    fn the_screen_below_resumes_when_the_top_one_pops_not_when_one_is_replaced() {
        let mut stack = Stack::new(Box::new(Label("bot", 0)));
        stack.handle(Input::Char('o'));
        stack.handle(Input::Char('r'));
        assert_eq!(stack.top::<Label>().map(|l| l.1), Some(0), "a replacement is new");
        stack.handle(Input::Esc);
        assert_eq!(stack.top::<Label>().map(|l| l.1), Some(100), "the bottom resumed once");
    }

    #[test]
    fn quit_is_passed_up() {
        let mut stack = Stack::new(Box::new(Label("bot", 0)));
        stack.handle(Input::Char('o'));
        assert!(matches!(stack.handle(Input::Char('q')), Transition::Quit));
    }

    struct Failing;
    impl Screen for Failing {
        fn render(&self, _: &mut Frame) {}
        fn handle(&mut self, _: Input) -> Transition {
            Transition::Stay
        }
        fn close(&mut self) -> Result<(), CloseError> {
            Err("disk full".into())
        }
    }

    #[test]
    fn a_close_error_says_its_context_then_its_cause_and_gives_the_cause_as_source() {
        use std::error::Error as _;
        let io = std::io::Error::other("the disk is full");
        let e = CloseError::context("could not save the run", io);
        assert_eq!(e.to_string(), "could not save the run: the disk is full");
        let cause = e.source().map(|s| s.to_string());
        assert_eq!(cause.as_deref(), Some("the disk is full"));
        let e = CloseError::new(std::io::Error::other("gone"));
        assert_eq!((e.to_string().as_str(), e.source().is_some()), ("gone", true));
        let e = CloseError::from("no room");
        assert_eq!((e.to_string().as_str(), e.source().is_none()), ("no room", true));
        // A game's `main` returning `Box<dyn Error>` takes it with `?`.
        let boxed: Box<dyn std::error::Error> = e.into();
        assert_eq!(boxed.to_string(), "no room");
    }

    #[test]
    fn close_reaches_every_screen_and_reports_the_first_error() {
        let mut stack = Stack::new(Box::new(Failing));
        stack.push(Box::new(Label("top", 0)));
        assert_eq!(stack.close().map_err(|e| e.to_string()), Err("disk full".to_string()));
        assert!(stack.find::<Failing>().is_some());
        assert!(stack.top::<Failing>().is_none());
    }

    /// A screen with a farewell: "gone" once it left, "open" while it is up.
    struct Parting(&'static str);

    impl Screen for Parting {
        fn render(&self, _: &mut Frame) {}
        fn handle(&mut self, _: Input) -> Transition {
            Transition::Pop
        }
        fn farewell(&self) -> Option<String> {
            Some(self.0.to_string())
        }
    }

    #[test]
    fn farewells_of_screens_that_left_come_first_then_the_open_ones() {
        let mut stack = Stack::new(Box::new(Parting("bottom")));
        assert_eq!(stack.farewell().as_deref(), Some("bottom"));
        stack.push(Box::new(Parting("first")));
        stack.push(Box::new(Label("silent", 0)));
        assert!(matches!(stack.handle(Input::Esc), Transition::Stay));
        assert!(matches!(stack.handle(Input::Char('x')), Transition::Stay));
        stack.push(Box::new(Parting("second")));
        assert!(matches!(stack.handle(Input::Char('x')), Transition::Stay));
        assert_eq!(stack.farewell().as_deref(), Some("first\nsecond\nbottom"));
    }

    /// A one-letter dialog drawn at column 1 over what is below; `y`/`n` answer.
    struct Ask;

    impl Screen for Ask {
        fn render(&self, frame: &mut Frame) {
            frame.print_at(Point::new(1, 0), "?", Rgb::WHITE, Rgb::BLACK);
        }
        fn handle(&mut self, input: Input) -> Transition {
            match input {
                Input::Char('y') => Transition::PopWith(Box::new(true)),
                Input::Char('n') => Transition::PopWith(Box::new(false)),
                _ => Transition::Stay,
            }
        }
        fn is_overlay(&self) -> bool {
            true
        }
    }

    /// Counts answers: `a` asks, a yes adds 10, a yes after three quits.
    struct Asker(u32);

    impl Screen for Asker {
        fn render(&self, frame: &mut Frame) {
            frame.print_at(Point::new(0, 0), "abc", Rgb::WHITE, Rgb::BLACK);
        }
        fn handle(&mut self, _: Input) -> Transition {
            Transition::Push(Box::new(Ask))
        }
        fn answer(&mut self, answer: Box<dyn Any>) -> Transition {
            if answer.downcast_ref::<bool>() == Some(&true) {
                self.0 += 10;
            }
            if self.0 >= 30 { Transition::Quit } else { Transition::Stay }
        }
        fn describe(&self) -> String {
            format!("asked {}", self.0)
        }
    }

    /// Remembers the size it was told.
    struct Sized(Option<Size>);

    impl Screen for Sized {
        fn render(&self, _: &mut Frame) {}
        fn handle(&mut self, _: Input) -> Transition {
            Transition::Push(Box::new(Sized(None)))
        }
        fn resize(&mut self, size: Size) {
            self.0 = Some(size);
        }
    }

    #[test]
    fn every_screen_learns_the_size_also_one_pushed_later() {
        let mut stack = Stack::new(Box::new(Sized(None)));
        stack.handle(Input::Enter);
        stack.resize(Size::new(80, 24));
        assert_eq!(stack.top::<Sized>().and_then(|s| s.0), Some(Size::new(80, 24)));
        stack.handle(Input::Enter);
        assert_eq!(stack.len(), 3);
        assert_eq!(stack.top::<Sized>().and_then(|s| s.0), Some(Size::new(80, 24)), "pushed");
        stack.resize(Size::new(40, 12));
        let all: Vec<_> = stack
            .screens
            .iter()
            .map(|s| {
                let s: &dyn Any = s.as_ref();
                s.downcast_ref::<Sized>().and_then(|s| s.0)
            })
            .collect();
        assert_eq!(all, vec![Some(Size::new(40, 12)); 3]);
    }

    #[test]
    fn an_overlay_is_drawn_over_the_screens_below_and_its_answer_reaches_them() {
        let mut stack = Stack::new(Box::new(Label("bot", 0)));
        stack.push(Box::new(Asker(0)));
        assert_eq!(shown(&stack), "abc\n", "a full screen hides the one below");
        stack.handle(Input::Char('a'));
        assert_eq!(shown(&stack), "a?c\n", "the overlay draws over the asker");
        assert_eq!(stack.describe(), "asked 0", "an overlay shows the game's description");
        stack.handle(Input::Char('y'));
        assert_eq!(stack.top::<Asker>().map(|a| a.0), Some(10));
        stack.handle(Input::Char('a'));
        stack.handle(Input::Char('n'));
        assert_eq!(stack.top::<Asker>().map(|a| a.0), Some(10), "no adds nothing");
        assert_eq!(stack.find_mut::<Label>().map(|l| l.1), Some(0), "the bottom was not resumed");
        stack.handle(Input::Char('a'));
        stack.handle(Input::Char('y'));
        stack.handle(Input::Char('a'));
        assert!(matches!(stack.handle(Input::Char('y')), Transition::Quit), "the answer's quit");
    }
}
