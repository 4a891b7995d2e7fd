package io.apmreports.cli;

import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import io.apmreports.definition.Recipient;
import io.apmreports.delivery.ReportDelivery;
import io.apmreports.delivery.ReportMailer;
import io.apmreports.failure.UserFacingException;

/**
 * {@code send-test}: a short message to one address or channel, to check the mail server
 * or a webhook before a schedule depends on it.
 */
@Command(name = "send-test", mixinStandardHelpOptions = true,
		description = { "Sends a short test message to one e-mail address or chat channel (slack:NAME, teams:NAME), "
				+ "through the settings a report would go through, and says whether it went." })
final class SendTestCommand extends DemoCommand {

	@Parameters(paramLabel = "<to>", description = "An e-mail address, or slack:NAME or teams:NAME.")
	String to;

	@Override
	void check(BeforeSpring.Bound settings) {
		BeforeSpring.checkDelivery(settings, List.of(Recipient.parse(to)), demo);
	}

	@Override
	int run(SpringSession spring) {
		Recipient recipient = Recipient.parse(to);
		ReportDelivery delivery = spring.bean(ReportDelivery.class);
		// a channel without its webhook is a mistake in the settings: exit 2, as any
		delivery.check(List.of(recipient));
		try {
			delivery.notice("send-test|" + System.nanoTime(), "apm-reports test message",
					"This is a test message from apm-reports: reports sent to " + recipient.key() + " go this way.",
					recipient);
		}
		catch (UserFacingException ex) {
			err().println("apm-reports: " + ex.getMessage());
			return ExitCodes.RUN_FAILED;
		}
		boolean outbox = recipient.isEmail() && spring.bean(ReportMailer.class).outbox().isPresent();
		out().println(outbox
				? "Test message to " + recipient + " written, not sent (demo), to the outbox "
						+ spring.bean(ReportMailer.class).outbox().get().toAbsolutePath().normalize()
				: "Test message sent to " + recipient);
		return ExitCodes.OK;
	}

}
