import { planSearch, similarity } from '#server/modules/products/search.ts';
console.log(JSON.stringify(planSearch('лят20')), JSON.stringify(planSearch('lhtkm')), JSON.stringify(planSearch('KZC 20')));
console.log(similarity('лобзк','лобзик'), similarity('балгарка','болгарки'), similarity('балгарка','болгарка'));
