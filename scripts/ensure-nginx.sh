#!/usr/bin/env bash
# The two-instance test (crates/server/tests/api/proxy.rs) runs Debian's nginx in front of two instances; it starts
# its own nginx on a free port, so the package's service is kept from starting when it is installed here.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
echo "ensure-nginx: installing Debian's nginx package" >&2
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
  $sudo chmod +x "$policy"
  trap '$sudo rm -f "$policy"' EXIT
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx-core >/dev/null 2>&1 \
  || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx >/dev/null
