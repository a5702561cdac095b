# Sourced (from the project's root) by the scripts that drive the browser:
# installs whatever is missing for the site and the browser tests, puts the
# tools on PATH and sets what the browser tests read.
scripts/ensure-tools.sh web browser
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
export PARLOUR_E2E=1
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
