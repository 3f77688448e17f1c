# Shared by the timing scripts (sourced, not run): the median of runs and
# the wall time of one command.

# median RUNS FUNCTION [ARGS...]: the median of the numbers FUNCTION prints.
median() {
    local runs=$1
    shift
    for _ in $(seq "$runs"); do "$@"; echo; done | sort -g | awk 'NF { t[++n] = $1 } END { print t[int((n + 1) / 2)] }'
}

# seconds COMMAND [ARGS...]: the command's wall time, its output dropped.
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    awk "BEGIN{printf \"%.3f\", $end - $start}"
}
