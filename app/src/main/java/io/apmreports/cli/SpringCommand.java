package io.apmreports.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A command that works in an application context. The settings given after it
 * ({@code --apm.rate-limit=500}) go to Spring: they have a dotted name, which no option
 * of a command has, so that a misspelt option ({@code --form=}) is refused with a
 * suggestion rather than passed on to Spring, which would ignore it. Settings and
 * arguments are checked before the context starts.
 */
abstract class SpringCommand implements Callable<Integer> {

	private static final Pattern SETTING = Pattern.compile("--[^=.\\s]+\\.[^=\\s]+(=.*)?", Pattern.DOTALL);

	@Spec
	CommandSpec spec;

	@Unmatched
	List<String> unmatched = new ArrayList<>();

	@Override
	public final Integer call() {
		List<String> given = given();
		BeforeSpring.Bound settings = BeforeSpring.checkSettings(BeforeSpring.settings(given));
		check(settings);
		Optional<Integer> answered = withoutSpring(settings);
		if (answered.isPresent()) {
			return answered.get();
		}
		try (SpringSession spring = SpringSession.start(settings(given), profiles())) {
			return run(spring);
		}
	}

	/** The settings given; an argument that is no setting is refused. */
	private List<String> given() {
		for (String arg : unmatched) {
			if (!SETTING.matcher(arg).matches()) {
				throw new UnmatchedArgumentException(spec.commandLine(), List.of(arg));
			}
			if (!arg.contains("=")) {
				throw new ParameterException(spec.commandLine(),
						"setting " + arg.substring(2) + " needs a value: " + arg + "=VALUE");
			}
		}
		return List.copyOf(unmatched);
	}

	/**
	 * The settings Spring starts with: those given, and any the command's options imply.
	 */
	List<String> settings(List<String> given) {
		return given;
	}

	/** Profiles of the command's own, beside those the user activates. */
	List<String> profiles() {
		return List.of();
	}

	/**
	 * Refuses bad arguments before anything starts; {@code settings} are those given, and
	 * the records bound from them.
	 */
	void check(BeforeSpring.Bound settings) {
	}

	/**
	 * The command's answer without a context, for a command that can give one without it;
	 * nothing where it needs the context.
	 */
	Optional<Integer> withoutSpring(BeforeSpring.Bound settings) {
		return Optional.empty();
	}

	abstract int run(SpringSession spring);

	PrintWriter out() {
		return spec.commandLine().getOut();
	}

	PrintWriter err() {
		return spec.commandLine().getErr();
	}

}
