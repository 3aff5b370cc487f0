//! The terminal front end: crossterm events in, ratatui cells out. Thin: the screens live
//! in `torchlit-ui`.

use anyhow::Result;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::widgets::Widget;
use torchlit_ui::{App, Control, Frame, Input, Rgb};

/// Runs `app` in the terminal until it quits. The terminal is restored on return, on
/// error, and on panic (ratatui's panic hook); Ctrl-C arrives as a key in raw mode and
/// quits cleanly.
pub fn run(mut app: App) -> Result<()> {
    let mut terminal = ratatui::try_init()?;
    let result = (|| -> Result<()> {
        loop {
            terminal.draw(|f| {
                let area = f.area();
                let mut frame = Frame::new(area.width, area.height);
                app.render(&mut frame);
                f.render_widget(FrameView(&frame), area);
            })?;
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => {
                    if let Some(input) = to_input(key)
                        && app.handle(input) == Control::Quit
                    {
                        return Ok(());
                    }
                }
                // A resize just redraws at the new size on the next loop.
                _ => {}
            }
        }
    })();
    ratatui::try_restore()?;
    result
}

/// Turns a crossterm key into a screen [`Input`].
pub fn to_input(key: KeyEvent) -> Option<Input> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char(c) if ctrl => Input::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(c) => Input::Char(c),
        KeyCode::Up => Input::Up,
        KeyCode::Down => Input::Down,
        KeyCode::Left => Input::Left,
        KeyCode::Right => Input::Right,
        KeyCode::Enter => Input::Enter,
        KeyCode::Esc => Input::Esc,
        KeyCode::Backspace => Input::Backspace,
        KeyCode::Tab => Input::Tab,
        _ => return None,
    })
}

/// Draws a [`Frame`] into a ratatui buffer, cell for cell.
pub struct FrameView<'a>(pub &'a Frame);

fn color(c: Rgb) -> Color {
    Color::Rgb(c.0, c.1, c.2)
}

impl Widget for FrameView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        for y in 0..area.height.min(self.0.height()) {
            for x in 0..area.width.min(self.0.width()) {
                let Some(cell) = self.0.get(x, y) else { continue };
                let Some(target) = buf.cell_mut((area.x + x, area.y + y)) else { continue };
                target.set_char(cell.glyph).set_fg(color(cell.fg)).set_bg(color(cell.bg));
                if cell.bold {
                    target.modifier.insert(Modifier::BOLD);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    #[test]
    fn keys_become_inputs() {
        let k = |code, m| KeyEvent::new(code, m);
        assert_eq!(to_input(k(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Input::Ctrl('c')));
        assert_eq!(to_input(k(KeyCode::Char('+'), KeyModifiers::SHIFT)), Some(Input::Char('+')));
        assert_eq!(to_input(k(KeyCode::Up, KeyModifiers::NONE)), Some(Input::Up));
        assert_eq!(to_input(k(KeyCode::F(1), KeyModifiers::NONE)), None);
    }

    #[test]
    fn frames_reach_the_terminal_buffer() {
        let backend = TestBackend::new(6, 2);
        let mut terminal = Terminal::new(backend).expect("test backend");
        let mut frame = Frame::new(6, 2);
        frame.print(0, 0, "torch", Rgb(255, 0, 0), Rgb::BLACK);
        frame.print_bold(1, 1, "@", Rgb::WHITE);
        terminal.draw(|f| f.render_widget(FrameView(&frame), f.area())).expect("draw");
        let buf = terminal.backend().buffer();
        assert_eq!(buf[(0, 0)].symbol(), "t");
        assert_eq!(buf[(0, 0)].fg, Color::Rgb(255, 0, 0));
        assert_eq!(buf[(1, 1)].symbol(), "@");
        assert!(buf[(1, 1)].modifier.contains(Modifier::BOLD));
    }
}
