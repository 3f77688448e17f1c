//! The tags the reader looks into, each known by a number once its name
//! is read: a game's tags are asked for some sixty times, and a name
//! compared with every tag before it each time cost more than the rest of
//! the identification section.

/// A tag the reader reads (or, for a few, checks) the value of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnownTag {
    Event,
    Site,
    Date,
    Board,
    West,
    North,
    East,
    South,
    Dealer,
    Vulnerable,
    Deal,
    Declarer,
    Contract,
    Result,
    Auction,
    Play,
    Score,
    ScoreImp,
    ScorePercentage,
    Hidden,
    Scoring,
    DoubleDummyTricks,
    OptimumScore,
    HomeTeam,
    VisitTeam,
}

impl KnownTag {
    /// How many there are: the size of a table with a place for each.
    pub const COUNT: usize = KnownTag::VisitTeam as usize + 1;

    /// The tag a name is, if the reader knows it. Names are told apart by
    /// their length first, so that a name is compared whole once at most.
    pub fn of(name: &str) -> Option<KnownTag> {
        use KnownTag::*;
        let tag = match name.len() {
            4 => match name {
                "Site" => Site,
                "Date" => Date,
                "West" => West,
                "East" => East,
                "Deal" => Deal,
                "Play" => Play,
                _ => return None,
            },
            5 => match name {
                "Event" => Event,
                "Board" => Board,
                "North" => North,
                "South" => South,
                "Score" => Score,
                _ => return None,
            },
            6 => match name {
                "Dealer" => Dealer,
                "Result" => Result,
                "Hidden" => Hidden,
                _ => return None,
            },
            7 => match name {
                "Auction" => Auction,
                "Scoring" => Scoring,
                _ => return None,
            },
            8 => match name {
                "Declarer" => Declarer,
                "Contract" => Contract,
                "ScoreIMP" => ScoreImp,
                "HomeTeam" => HomeTeam,
                _ => return None,
            },
            9 if name == "VisitTeam" => VisitTeam,
            10 if name == "Vulnerable" => Vulnerable,
            12 if name == "OptimumScore" => OptimumScore,
            15 if name == "ScorePercentage" => ScorePercentage,
            17 if name == "DoubleDummyTricks" => DoubleDummyTricks,
            _ => return None,
        };
        Some(tag)
    }

    /// Whether the record has a field for the tag, so that it is not kept
    /// among the tags as written. The team names have one only in pairs,
    /// which the reader tells.
    pub fn has_field(self) -> bool {
        !matches!(
            self,
            KnownTag::OptimumScore | KnownTag::HomeTeam | KnownTag::VisitTeam
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_tag_is_found_by_its_name_and_only_by_it() {
        let names = [
            "Event",
            "Site",
            "Date",
            "Board",
            "West",
            "North",
            "East",
            "South",
            "Dealer",
            "Vulnerable",
            "Deal",
            "Declarer",
            "Contract",
            "Result",
            "Auction",
            "Play",
            "Score",
            "ScoreIMP",
            "ScorePercentage",
            "Hidden",
            "Scoring",
            "DoubleDummyTricks",
            "OptimumScore",
            "HomeTeam",
            "VisitTeam",
        ];
        assert_eq!(names.len(), KnownTag::COUNT);
        for (i, name) in names.iter().enumerate() {
            assert_eq!(KnownTag::of(name).map(|t| t as usize), Some(i), "{name}");
        }
        for other in ["", "Note", "Room", "Table", "score", "Scorer", "ScoreTable"] {
            assert_eq!(KnownTag::of(other), None, "{other}");
        }
    }
}
