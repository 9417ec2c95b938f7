// The tiles of a search's hits: read from the database, or kept in memory while the indexes answer from memory.
import type { Schemas } from '../../shared/http.ts';
import { holdsShared, shareJson } from '../../shared/shared-json.ts';
import type { Market } from '../markets/index.ts';
import { productUrl } from '../catalog/index.ts';
import { hitTileRows, type ColourRow, type HitRow, type HitTileRow } from './repository.ts';
import type { SearchKit } from './search-kit.ts';

/**
 * Hit tiles of some pids, in that order. From memory while the market language's prefix index and the
 * listing index both answer from memory (`CatchUpGate.fresh`): every write that changes a tile (a product,
 * its translation, price or stock, another colour of its style) changes a listing fact or a search document,
 * which the next catch-up finds, and the kept rows are then forgotten. Otherwise, and for the pids not kept,
 * one statement.
 */
export async function hitTiles(kit: SearchKit, market: Market, pids: string[]): Promise<Schemas['HitTile'][]> {
  const scope = kit.scope(market);
  const rows = await kit.keptTiles.of(
    () => tileGeneration(kit, scope.language),
    `${scope.language}|${scope.currency ?? ''}|`,
    pids,
    (missing) => hitTileRows(kit.db, scope, missing),
  );
  return tilesOf(kit, market, rows);
}

/**
 * What the kept rows are as of — the changes found by the catch-ups of every index the tiles depend on, so far —
 * or undefined while they may not be used (kept tiles switched off, or either index not answering from memory).
 */
function tileGeneration(kit: SearchKit, language: string): string | undefined {
  const k = kit.keepers.get(language);
  if (
    kit.options.prefixIndex?.tilesFromMemory === false ||
    !k?.ready ||
    !k.gate.fresh() ||
    !kit.catalog.catchUps.fresh()
  )
    return undefined;
  let prefix = 0;
  for (const keeper of kit.keepers.values()) prefix += keeper.gate.changes;
  return `${prefix}|${kit.catalog.catchUps.changes}`;
}

/**
 * The hit tiles of rows read with their colours. Each is made once per row object, language, currency and
 * category tree (the names of its categories), its JSON with it (`shareJson`): while a row is kept, every answer
 * that shows it writes the same bytes (`holdsShared` on the list).
 */
export function tilesOf(kit: SearchKit, market: Market, rows: HitTileRow[]): Schemas['HitTile'][] {
  const key = `${market.language}|${market.currency ?? ''}|${kit.catalog.treeVersion}`;
  return holdsShared(
    rows.map((row) => kit.madeTiles.of(row, key, () => shareJson(hitTile(kit, row, market, row.colours)))),
  );
}

/** A hit tile: the catalogue's tile with the hit's categories, colours and codes. */
export function hitTile(kit: SearchKit, row: HitRow, market: Market, colours: ColourRow[]): Schemas['HitTile'] {
  const chain = kit.catalog.categoryChain(row.category_id, market);
  const others = colours.filter((c) => c.pid !== row.pid);
  // The catalogue's tile given the hit's fields (`Object.assign`, not a spread: on this V8 an object literal that
  // spreads another and then names its own fields is built field by field at run time, about 13 µs a tile).
  const hit: Schemas['HitTile'] = Object.assign(kit.catalog.tile(row, market), {
    objectID: row.first_sku ?? row.pid,
    smcId: row.smc_id || row.pid,
    shortName: row.short_name,
    macroColor: row.macro_color,
    microColor: row.micro_color,
    categories: {
      macroCategory: chain[0]?.name ?? '',
      microCategory: chain[1]?.name ?? '',
      superMicroCategory: chain[2]?.name ?? '',
    },
    genderCode: (row.gender_code as 'D' | 'U' | null) ?? null,
    genderAssociation: row.gender_association,
    isRd: row.is_rd,
    totalColors: others.length + 1,
    colorVariants: others.map((c) => ({
      pid: c.pid,
      color: c.color_name,
      macroColor: c.macro_color,
      hex: c.color_hex,
      url: productUrl(c.slug, c.pid, { language: market.language, name: c.name }),
    })),
    bornSeasonDesc: row.born_season,
    styleCode: row.style_code,
  });
  if (chain.length === 3) hit.categoryIds = { macro: chain[0]!.id, micro: chain[1]!.id, superMicro: chain[2]!.id };
  return hit;
}
