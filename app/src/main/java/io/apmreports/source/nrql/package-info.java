/**
 * The NRQL figure source over NerdGraph, the vendor's GraphQL API: a whole chunk of
 * applications answered by a few faceted queries, split when an answer reaches the facet
 * limit; and the organisation's billed usage and per-application byte estimates, which
 * only NRQL can ask.
 */
package io.apmreports.source.nrql;
