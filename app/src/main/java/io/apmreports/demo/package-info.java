/**
 * What serves the demo and the benchmark: {@code --demo}'s wiring (the sandbox on a free
 * loopback port, the e-mail outbox) and the {@code bench} command's measured runs.
 */
package io.apmreports.demo;
