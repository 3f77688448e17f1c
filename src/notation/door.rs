//! The one door between bytes and the model. Every notation answers the
//! same questions: where its records lie, what an earlier record hands on
//! to later ones, whether a record written the common way can be vouched
//! for without reading it, the record read in full, its board number, and
//! which records are the tables of one match. `reading::of` is the one
//! place that asks which notation a file is in; everything above
//! `notation/` goes through the door.

use std::any::Any;
use std::fmt::Debug;

use super::source::Span;
use crate::model::{Record, SourceFormat, Stated, Wanted};

/// What earlier records hand on to the records after them, kept by each
/// notation in a form of its own that the door does not look into (so
/// that the door names no notation). A notation read whole keeps none.
#[derive(Debug, Default)]
pub struct Context(Option<Box<dyn Kept>>);

/// A notation's own context: cloned, compared and sent between cores with
/// the door's.
pub trait Kept: Any + Debug + Send + Sync {
    fn cloned(&self) -> Box<dyn Kept>;
    fn equals(&self, other: &dyn Kept) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Any + Debug + Clone + PartialEq + Send + Sync> Kept for T {
    fn cloned(&self) -> Box<dyn Kept> {
        Box::new(self.clone())
    }
    fn equals(&self, other: &dyn Kept) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl Clone for Context {
    fn clone(&self) -> Context {
        Context(self.0.as_ref().map(|kept| kept.cloned()))
    }
}

impl PartialEq for Context {
    fn eq(&self, other: &Context) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => a.equals(b.as_ref()),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl Context {
    pub fn new<T: Kept>(kept: T) -> Context {
        Context(Some(Box::new(kept)))
    }

    /// The notation's own context, when it holds one of that kind.
    pub fn get<T: Kept>(&self) -> Option<&T> {
        self.0.as_ref()?.as_any().downcast_ref()
    }

    /// The notation's own context; a fresh one if it held another's, which
    /// the door never hands a notation.
    pub fn own<T: Kept + Default>(&mut self) -> &mut T {
        if self.get::<T>().is_none() {
            *self = Context::new(T::default());
        }
        match self.0.as_mut().and_then(|kept| kept.as_any_mut().downcast_mut()) {
            Some(own) => own,
            None => unreachable!("set just above"),
        }
    }
}

/// A notation: how its records are found, vetted and read.
pub trait Notation: Sync {
    /// The notation's name among the formats kibitzer reads.
    fn format(&self) -> SourceFormat;

    /// Whether records are found by a scan and read one at a time, as
    /// archives of a million records need. A notation read whole answers
    /// with one span, the file, whose reading gives every record.
    fn indexed(&self) -> bool;

    /// Where the records lie, in file order, for reading them all in order.
    fn scan<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a>;

    /// The same spans, each marked with what it may hand on, found as fast
    /// as the machine allows: the viewer's index.
    fn index<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a> {
        self.scan(bytes)
    }

    /// The context before the first record of a file.
    fn exact(&self) -> Context {
        Context::default()
    }

    /// A context for records part way through a file, before the records
    /// before them are read: what it can't tell, it says so.
    fn partial(&self) -> Context {
        Context::default()
    }

    /// Whether records vetted from partial contexts still hold after the
    /// exact one: what changes every record after it (PBN's `##`, RBN's
    /// fixed labels) is not in a partial context.
    fn still_holds(&self, _exact: &Context) -> bool {
        true
    }

    /// What a later stretch of records learned, laid over the context
    /// before it.
    fn overlay(&self, _exact: &mut Context, _later: &Context) {}

    /// Whether the record at `span` (its text) is vouched for: it reads
    /// with no problem, and leaves `context` as reading it would.
    fn vet(&self, _text: &str, _span: &Span, _context: &mut Context) -> bool {
        false
    }

    /// Brings `context` past the record at `span` (its text) as reading it
    /// would, without vouching for the record: the rules of the game are
    /// not asked, only what the record hands on. False where only the
    /// reader can tell; by default, as far as vetting can.
    fn hand_on(&self, text: &str, span: &Span, context: &mut Context) -> bool {
        self.vet(text, span, context)
    }

    /// The board number of the record vetting last vouched for (or handing
    /// on last passed), from the context it left (`context`): the number
    /// the full reader would give it, None when it has none. Asked only
    /// after [`Notation::vet`] or [`Notation::hand_on`] said yes; a
    /// notation that vets answers it, and the self-check
    /// (`testing::selfcheck`) holds the answer to the reader's.
    fn passed_board(&self, _context: &Context) -> Option<String> {
        None
    }

    /// The records at `span`, the first numbered `number`, handed to `each`
    /// in file order: one for an indexed notation, all of the file for a
    /// notation read whole. Not yet checked against the rules of the game.
    fn read(
        &self,
        bytes: &[u8],
        span: &Span,
        number: usize,
        context: &mut Context,
        each: &mut dyn FnMut(Record),
    ) {
        self.read_wanting(bytes, span, number, context, Wanted::ALL, each);
    }

    /// The same, for a caller that `wants` only part of each record: a
    /// notation that can pass the rest over does (the play beyond the
    /// lead, or all of it); what the caller wants is as the full reader
    /// gives it (`testing::selfcheck` and the filter's property tests hold
    /// it to that). A notation that can pass nothing over reads it all.
    fn read_wanting(
        &self,
        bytes: &[u8],
        span: &Span,
        number: usize,
        context: &mut Context,
        wants: Wanted,
        each: &mut dyn FnMut(Record),
    );

    /// The tag (or label) a record of this notation states a result under,
    /// where it has one, for saying where a stated result disagrees.
    fn stated_tag(&self, _stated: Stated) -> Option<&'static str> {
        None
    }

    /// Whether the two tables of a team match are found by reading
    /// neighbouring records ([`Notation::same_match`]), as PBN's are;
    /// other notations mark them as they read.
    fn pairs_by_reading(&self) -> bool {
        false
    }

    /// Whether two records read one after the other are the two tables of
    /// a team match, where the notation pairs by reading.
    fn same_match(&self, _first: &Record, _second: &Record) -> bool {
        false
    }

    /// The board number the record at `span` (its bytes `text`) states
    /// itself, found by handing it on from a context that knows nothing of
    /// the records before it, at the pace of vetting: none for a record
    /// that leaves its board to the one before, or that only the reader
    /// can tell (the caller reads it then).
    fn stated_board(&self, text: &[u8], span: &Span) -> Option<String> {
        let text = std::str::from_utf8(text).ok()?;
        let mut context = self.partial();
        self.hand_on(text, span, &mut context)
            .then(|| self.passed_board(&context))?
    }

    /// A whole file vouched for at once, where the notation can: the number
    /// of records, with nothing to report. `done` hears how far it has
    /// come and says whether to go on.
    fn vouch_whole(&self, _bytes: &[u8], _done: &mut dyn FnMut(usize) -> bool) -> Option<usize> {
        None
    }
}

/// The one record an indexed notation reads at `span`.
pub fn read_one(n: &dyn Notation, bytes: &[u8], span: &Span, number: usize, context: &mut Context) -> Record {
    read_one_wanting(n, bytes, span, number, context, Wanted::ALL)
}

/// The same, read as far as the caller `wants`.
pub fn read_one_wanting(
    n: &dyn Notation,
    bytes: &[u8],
    span: &Span,
    number: usize,
    context: &mut Context,
    wants: Wanted,
) -> Record {
    let mut read = None;
    n.read_wanting(bytes, span, number, context, wants, &mut |record| {
        read.get_or_insert(record);
    });
    // Every indexed notation reads one record from a span, an empty span
    // included; a record of nothing stands in should one ever not.
    read.unwrap_or_else(|| Record::new(number, span.line, n.format(), crate::model::Game::bridge()))
}

/// Marks the two tables of each match among records read in file order.
pub fn pair(n: &dyn Notation, records: &mut [Record]) {
    for i in 1..records.len() {
        if let [first, second] = &mut records[i - 1..=i]
            && n.same_match(first, second)
        {
            (first.table, second.table) = (Some(1), Some(2));
        }
    }
}
