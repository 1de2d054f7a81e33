/**
 * The builtins jq itself defines in jq (its builtin.jq), written here as jq definitions so their behaviour on
 * streams, errors and paths is jq's: `map`, `select`, `recurse`, `to_entries`' inverse, `paths`, `del`, `walk`…
 * Parsed once, the first time a filter runs.
 */
import { type Env, natives, preludeFunctions } from './evaluate.ts';
import { type Node, parseJq } from './parser.ts';

const PRELUDE = `
def recurse(f): def r: ., (f | r); r;
def recurse(f; cond): def r: ., (f | select(cond) | r); r;
def values: select(. != null);
def nulls: select(. == null);
def booleans: select(type == "boolean");
def numbers: select(type == "number");
def strings: select(type == "string");
def arrays: select(type == "array");
def objects: select(type == "object");
def iterables: select(type | . == "array" or . == "object");
def scalars: select(type | . != "array" and . != "object");
def isfinite: type == "number" and (isinfinite | not);
def finites: select(isfinite);
def normals: select(isnormal);
def add: reduce .[] as $item (null; . + $item);
def add(f): reduce f as $item (null; . + $item);
def map_values(f): .[] |= f;
def del(f): delpaths([path(f)]);
def abs: if type == "number" and . < 0 then - . else . end;
def from_entries:
  map({ (.key // .Key // .name // .Name): (if has("value") then .value else .Value end) }) | add // {};
def with_entries(f): to_entries | map(f) | from_entries;
def reverse: if type == "string" then explode | reverse | implode else [.[length - 1 - range(0; length)]] end;
def indices($i):
  if type == "array" and ($i | type) == "array" then .[$i]
  elif type == "array" then .[[$i]]
  elif type == "string" and ($i | type) == "string" then _strindices($i)
  else .[$i] end;
def index($i): indices($i) | .[0];
def rindex($i): indices($i) | .[-1:][0];
def paths: path(..) | select(length > 0);
def paths(keep): . as $top | paths | select(. as $path | $top | getpath($path) | keep);
def leaf_paths: paths(scalars);
def join($separator):
  reduce .[] as $item (null;
    (if . == null then "" else . + $separator end)
    + ($item | if type == "boolean" or type == "number" then tostring else . // "" end)
  ) // "";
def _flatten($depth):
  reduce .[] as $item ([]; if ($item | type) == "array" and $depth != 0 then . + ($item | _flatten($depth - 1)) else . + [$item] end);
def flatten($depth): if $depth < 0 then error("flatten depth must not be negative") else _flatten($depth) end;
def flatten: _flatten(-1);
def range($upto): range(0; $upto);
def in(xs): . as $x | xs | has($x);
def inside(xs): . as $x | xs | contains($x);
def first: .[0];
def last: .[-1];
def nth($n): .[$n];
def nth($n; f): if $n < 0 then error("nth doesn't support negative indices") else first(skip($n; f)) end;
def combinations:
  if length == 0 then [] else .[0][] as $x | (.[1:] | combinations) as $rest | [$x] + $rest end;
def combinations(n): . as $dot | [range(n)] | map($dot) | combinations;
def trimstr($value): ltrimstr($value) | rtrimstr($value);
def JOIN($index; key): [.[] | [., $index[key]]];
def JOIN($index; stream; key): stream | [., $index[key]];
def JOIN($index; stream; key; join): stream | [., $index[key]] | join;
def until(cond; update): def step: if cond then . else (update | step) end; step;
def while(cond; update): def step: if cond then ., (update | step) else empty end; step;
def repeat(f): def step: ., (f | step); step;
def walk(f): def w: if type == "object" then map_values(w) elif type == "array" then map(w) else . end | f; w;
def transpose: [range(0; map(length) | max // 0) as $i | [.[][$i]]];
def toarray: if type == "array" then . else [.] end;
def pick(pathexps): . as $top | reduce path(pathexps) as $path (null; setpath($path; $top | getpath($path)));
def debug: .;
def debug(message): .;
def IN(s): any(s == .; .);
def IN(source; s): any(source == s; .);
def INDEX(stream; key): reduce stream as $row ({}; .[$row | key | tostring] |= $row);
def INDEX(key): INDEX(.[]; key);
def ascii: [.] | implode;
def _regex($re; $flags): if ($re | type) == "array" then [$re[0], $re[1]] else [$re, $flags] end;
def test($re; $flags): _regex($re; $flags) as [$r, $f] | _match_impl($r; $f; true);
def test($re): test($re; null);
def match($re; $flags): _regex($re; $flags) as [$r, $f] | _match_impl($r; $f; false) | .[];
def match($re): match($re; null);
def capture($re; $flags):
  match($re; $flags) | reduce (.captures | .[] | select(.name != null) | { (.name): .string }) as $pair ({}; . + $pair);
def capture($re): capture($re; null);
def scan($re; $flags):
  match($re; "g" + ($flags // "")) | if (.captures | length) > 0 then [.captures | .[] | .string] else .string end;
def scan($re): scan($re; null);
def split($re; $flags):
  . as $text
  | [match($re; "g" + ($flags // "")) | (.offset, .offset + .length)] as $cuts
  | [0] + $cuts + [$text | length]
  | [range(0; length; 2) as $at | $text[.[$at]:.[$at + 1]]];
def splits($re; $flags): split($re; $flags) | .[];
def splits($re): splits($re; null);
def sub(re; replacement): sub(re; replacement; "");
def gsub(re; replacement; flags): sub(re; replacement; flags + "g");
def gsub(re; replacement): sub(re; replacement; "g");
.
`;

let preludeEnv: Env | undefined;

/** The scope every filter starts in: the prelude's definitions and `$ENV` (empty: a page has no environment). */
export function rootEnv(): Env {
  if (preludeEnv) return preludeEnv;
  // The definitions go in a map, not in the scope chain: a call then finds a builtin in one look-up.
  const env: Env = { vars: { name: 'ENV', value: {}, next: undefined } };
  let node: Node = parseJq(PRELUDE);
  while (node.t === 'def') {
    preludeFunctions.set(`${node.name}/${node.params.length}`, { params: node.params, body: node.body, env });
    node = node.rest;
  }
  preludeEnv = env;
  return env;
}

/** Every `name/arity` a filter may call without defining it. */
export function knownFunctions(): Set<string> {
  rootEnv();
  return new Set<string>([...natives.keys(), ...preludeFunctions.keys()]);
}
