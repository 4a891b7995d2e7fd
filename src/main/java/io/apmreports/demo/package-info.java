/**
 * {@code --demo}: starts the sandbox on a free loopback port with a fresh key and points
 * the run at it.
 */
package io.apmreports.demo;
