#!/usr/bin/env bash
# Builds the playground page: the engine compiled to WebAssembly (crates/grundy-web), bound for
# the browser by wasm-bindgen-cli into web/pkg/. Serve web/ with any static server afterwards:
#   bash web/build.sh && python3 -m http.server --directory web 8000
set -euo pipefail
cd "$(dirname "$0")/.."

# wasm-bindgen-cli must be the version the crate pins (crates/grundy-web/Cargo.toml).
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' crates/grundy-web/Cargo.toml)
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
  echo "installing wasm-bindgen-cli $want (a few minutes, once)" >&2
  cargo install wasm-bindgen-cli --version "$want" >&2
fi

target=${CARGO_TARGET_DIR:-$PWD/target}
cargo build -p grundy-web --release --target wasm32-unknown-unknown
rm -rf web/pkg
wasm-bindgen --target web --no-typescript --out-dir web/pkg \
  "$target/wasm32-unknown-unknown/release/grundy_web.wasm"
ls -l web/pkg >&2
