// Backup files of many games for the site checks and the benchmark, made from the records of
// tests/site/fixtures/bench-games.jsonl (real games of every game, written by
// `cargo test --no-default-features --lib print_bench_games -- --ignored --nocapture`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './serve.mjs';

const fixtures = fs.readFileSync(path.join(root, 'tests/site/fixtures/bench-games.jsonl'), 'utf8')
  .split('\n').filter(Boolean).map((line) => JSON.parse(line));

/// Writes a backup of `n` games (ids `<prefix>0`, `<prefix>1`...) to a temporary file and
/// returns its path. Each game is one of the records cut at 0 to 100 % of its moves (every
/// tenth whole), so some are over and some are not; the players are named after the game.
export function backupOf(n, prefix = 'g') {
  const now = Date.UTC(2026, 10, 1);
  const games = [];
  for (let i = 0; i < n; i++) {
    const record = fixtures[i % fixtures.length];
    const cut = i % 10 === 0 ? record.moves.length : Math.floor((record.moves.length * ((i * 37) % 101)) / 100);
    const players = record.players.map((p, s) => ({ ...p, name: `${['Ann', 'Ben', 'Cy', 'Di', 'Eve'][s]} ${i}` }));
    games.push(JSON.stringify({
      schema: 1, id: `${prefix}${i}`, record: { ...record, players, moves: record.moves.slice(0, cut) },
      cursor: cut, created_ms: now - i * 60000, updated_ms: now - i * 60000 + 1000,
    }));
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stackplay-games-')), `backup-${n}.json`);
  fs.writeFileSync(file, `{"stackplay_backup":1,"games":[${games.join(',')}]}`);
  return file;
}
