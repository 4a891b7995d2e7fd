package io.apmreports.cli;

import java.util.List;
import java.util.concurrent.CountDownLatch;

import picocli.CommandLine.Command;

import io.apmreports.failure.UserFacingException;

/**
 * {@code serve}: the console alone, for a node that fires no schedules, until SIGTERM.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
		description = { "Serves the console (pages and HTTP API) until stopped (Ctrl+C, SIGTERM), firing no schedule.",
				"At http://127.0.0.1:8080/ (settings server.address and server.port); who may sign in is the users "
						+ "file of the setting console.users-file (console-users.yml)." })
final class ServeCommand extends DemoCommand {

	@Override
	List<String> profiles() {
		return List.of("console");
	}

	@Override
	void check(BeforeSpring.Bound settings) {
		if (!demo && !Console.canSignIn(settings)) {
			throw new UserFacingException(Console.noSignIn(settings));
		}
	}

	@Override
	int run(SpringSession spring) {
		Console.tell(spring, out());
		out().println("Serving the console; stop it with Ctrl+C or SIGTERM.");
		CountDownLatch stopped = new CountDownLatch(1);
		return spring.stoppable(stopped::countDown, () -> {
			try {
				stopped.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return ExitCodes.OK;
		});
	}

}
