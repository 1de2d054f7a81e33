import { measureBundles, formatKilobytes } from '/work/main/bench/bundle-size.ts';
const dir = process.argv[2] ?? 'dist';
for (const s of await measureBundles(dir)) console.log(s.name, s.gzipBytes, formatKilobytes(s.gzipBytes), '/', formatKilobytes(s.budgetBytes));
