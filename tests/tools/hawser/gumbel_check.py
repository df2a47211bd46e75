"""What the checks of `hawser stats --extremes` share (design_stats_check.py and
sweep_summary_check.py): a printed Gumbel fit against scipy's, and the report of differences."""
from scipy import stats


def fit_differences(label, printed, mu, beta, p, close):
    """The differences, as text, of the printed (mode, beta, quantile) from the Gumbel fit
    (mu, beta) and its P % quantile; close(a, b) compares two values (it holds the tolerance)."""
    quantile = stats.gumbel_r.ppf(p / 100, loc=mu, scale=beta)
    return [f"{label} {what}: hawser {a} != scipy {b}"
            for what, a, b in zip(("mode", "beta", "quantile"), printed, (mu, beta, quantile))
            if not close(float(a), b)]


def report(tool, counted, bad):
    """Prints "TOOL: COUNTED, N differences" and each difference; returns the exit status (1 if
    there is a difference)."""
    print(f"{tool}: {counted}, {len(bad)} differences")
    for b in bad:
        print(b)
    return 1 if bad else 0
