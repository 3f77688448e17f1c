//! Comparing the scores of one board (Law 78): matchpoints across a field,
//! the Neuberg formula for a board with fewer results, and the datum a
//! score is IMPed against.

/// Matchpoints of each score against the others, in the Law's units: 2
/// for each score beaten, 1 for each equal.
pub fn matchpoints(scores: &[i32]) -> Vec<u32> {
    scores
        .iter()
        .map(|&own| {
            let points = scores.iter().map(|&other| match own.cmp(&other) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            });
            // The score does not meet itself: take back its own tie.
            points.sum::<u32>() - 1
        })
        .collect()
}

/// The top of a board with `results` scores: 2 for each other score.
pub fn top(results: usize) -> u32 {
    2 * results.saturating_sub(1) as u32
}

/// Matchpoints as a percentage of the top; a board played once is an
/// average, as it beat and lost to nobody.
pub fn percent(points: f64, results: usize) -> f64 {
    match top(results) {
        0 => 50.0,
        top => 100.0 * points / f64::from(top),
    }
}

/// Neuberg's formula: the matchpoints of a board with `results` scores
/// scaled to a board with `most`, in the same units.
pub fn neuberg(points: u32, results: usize, most: usize) -> f64 {
    if results == 0 {
        return 0.0;
    }
    (f64::from(points) + 1.0) * most as f64 / results as f64 - 1.0
}

/// The datum North-South's scores are IMPed against (Butler scoring): the
/// mean of the scores, the highest and the lowest left out when there are
/// five or more, rounded to the nearest 10.
pub fn datum(scores: &[i32]) -> Option<i32> {
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    let kept = if sorted.len() >= 5 {
        &sorted[1..sorted.len() - 1]
    } else {
        &sorted[..]
    };
    if kept.is_empty() {
        return None;
    }
    let mean = kept.iter().map(|&s| f64::from(s)).sum::<f64>() / kept.len() as f64;
    Some(((mean / 10.0).round() * 10.0) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matchpoints_give_two_for_a_beaten_score_and_one_for_an_equal() {
        assert_eq!(matchpoints(&[420, 450, 420, -50]), [3, 6, 3, 0]);
        assert_eq!(top(4), 6);
        assert_eq!(percent(3.0, 4), 50.0);
        assert_eq!(percent(0.0, 1), 50.0);
    }

    #[test]
    fn neuberg_scales_a_short_board_to_the_full_field() {
        // A top on a board of 3 results, scaled to 5: (4 + 1) x 5 / 3 - 1.
        assert!((neuberg(4, 3, 5) - 22.0 / 3.0).abs() < 1e-9);
        // A full board is left as it is.
        assert_eq!(neuberg(6, 4, 4), 6.0);
    }

    #[test]
    fn the_datum_leaves_out_the_extremes_of_five_or_more() {
        assert_eq!(datum(&[420, 450, 420, -50, 1430]), Some(430));
        assert_eq!(datum(&[420, -100]), Some(160));
        assert_eq!(datum(&[]), None);
    }
}
