/**
 * The second figure source: NRQL queries over NerdGraph, the vendor's GraphQL API, which
 * answer a whole chunk of applications in a few queries where REST v2 asks one at a time.
 */
package io.apmreports.nrql;
