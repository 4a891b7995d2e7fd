/**
 * {@code --demo}: starts the sandbox on a free loopback port with a fresh key and points
 * the run at it, and, without {@code spring.mail.host}, sends its e-mail to an outbox of
 * {@code .eml} files.
 */
package io.apmreports.demo;
