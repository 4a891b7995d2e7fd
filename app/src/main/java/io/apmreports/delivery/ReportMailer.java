package io.apmreports.delivery;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Date;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.mail.MailSendException;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Component;

import io.apmreports.failure.Failures;
import io.apmreports.failure.NoAnswer;
import io.apmreports.failure.UserFacingException;
import io.apmreports.report.email.EmailBody;
import io.apmreports.report.digest.RunDigest;
import io.apmreports.report.picture.ChartPicture;

/**
 * Turns a {@link RunDigest} into one MIME message per recipient (HTML with a plain-text
 * part, the charts as inline pictures the HTML shows, the files attached byte for byte)
 * and sends it through the SMTP server of {@code spring.mail.*}, retrying what may pass
 * on a second try. The Message-ID comes from the report, the range and the recipient, so
 * a message sent twice by accident is recognisably the same message.
 */
@Component
public class ReportMailer {

	private static final Logger log = LoggerFactory.getLogger(ReportMailer.class);

	private final ObjectProvider<JavaMailSender> sender;

	private final DeliveryProperties properties;

	private final Clock clock;

	private final RetryTemplate retry;

	/** The line that refuses e-mail without an SMTP server. */
	static final String NO_SMTP_SERVER = "e-mail delivery needs an SMTP server: set spring.mail.host (and "
			+ "spring.mail.port, spring.mail.username, spring.mail.password as the server needs)";

	/**
	 * The refusal of e-mail without an SMTP server, the same whether it is told before
	 * the context starts or by the mailer.
	 */
	public static UserFacingException noSmtpServer() {
		return new UserFacingException(NO_SMTP_SERVER);
	}

	ReportMailer(ObjectProvider<JavaMailSender> sender, DeliveryProperties properties, Clock clock) {
		this.sender = sender;
		this.properties = properties;
		this.clock = clock;
		// an authentication or address failure will not pass on a second try: only
		// failures to send are retried
		this.retry = new RetryTemplate(RetryPolicy.builder()
			.maxRetries(properties.attempts() - 1L)
			.delay(properties.retryDelay())
			.multiplier(2)
			.includes(MailSendException.class)
			.build());
	}

	/**
	 * Refuses, in one line, a delivery that has no SMTP server to go through (nor a demo
	 * outbox); before anything runs.
	 */
	public void checkConfigured() {
		if (sender.getIfAvailable() == null) {
			throw noSmtpServer();
		}
	}

	/**
	 * Sends the e-mail to one recipient, retried as configured; answers its Message-ID.
	 */
	public String send(RunDigest email, String recipient) {
		JavaMailSender mailSender = sender.getIfAvailable();
		if (mailSender == null) {
			checkConfigured();
		}
		MimeMessage message = compose(email, recipient, mailSender.createMimeMessage());
		sendRetried(mailSender, message, recipient);
		String messageId = messageId(email, recipient);
		if (mailSender instanceof OutboxMailSender outbox) {
			log.info("Wrote {} for {} to the outbox {} as {}", email.report(), recipient, outbox.outbox(), messageId);
		}
		else {
			log.info("Sent {} to {} as {}", email.report(), recipient, messageId);
		}
		return messageId;
	}

	/**
	 * Sends a short plain-text message (a failure notice) to one recipient, retried as a
	 * report is; its Message-ID comes from {@code identity} and the recipient.
	 */
	public String sendText(String identity, String subject, String text, String recipient) {
		JavaMailSender mailSender = sender.getIfAvailable();
		if (mailSender == null) {
			checkConfigured();
		}
		MimeMessage message = mailSender.createMimeMessage();
		String messageId = "<" + Digests.sha256Hex(identity + "\n" + recipient.toLowerCase(Locale.ROOT), 16)
				+ ".notice@" + properties.domain() + ">";
		try {
			MimeMessageHelper helper = new MimeMessageHelper(message, false, StandardCharsets.UTF_8.name());
			helper.setFrom(properties.from());
			helper.setTo(recipient);
			helper.setSubject(subject);
			helper.setSentDate(Date.from(clock.instant()));
			helper.setText(text);
			message.setHeader("Message-ID", messageId);
		}
		catch (MessagingException ex) {
			throw new DeliveryException("the notice to " + recipient + " could not be put together", null);
		}
		sendRetried(mailSender, message, recipient);
		return messageId;
	}

	private void sendRetried(JavaMailSender mailSender, MimeMessage message, String recipient) {
		try {
			retry.execute(() -> {
				mailSender.send(message);
				return null;
			});
		}
		catch (RetryException ex) {
			Throwable last = ex.getLastException() == null ? ex.getCause() : ex.getLastException();
			throw new DeliveryException(
					"the e-mail to " + recipient + " could not be sent after " + (ex.getRetryCount() + 1)
							+ (ex.getRetryCount() == 0 ? " attempt" : " attempts") + ": " + reason(last),
					last);
		}
	}

	/**
	 * Writes the e-mail to one recipient as an {@code .eml} file, exactly as it would be
	 * sent, without sending.
	 */
	public Path preview(RunDigest email, String recipient, Path file) throws IOException {
		MimeMessage message = compose(email, recipient, new MimeMessage(Session.getInstance(new Properties())));
		try {
			writeEml(message, file);
			return file;
		}
		catch (MessagingException ex) {
			throw new IOException("the e-mail could not be written: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Writes a message as it would be sent, keeping the Message-ID it was given, as an
	 * {@code .eml} file.
	 */
	static void writeEml(MimeMessage message, Path file) throws MessagingException, IOException {
		String messageId = message.getMessageID();
		message.saveChanges();
		// saveChanges makes up a Message-ID of its own; the one a delivery would use is
		// put back
		if (messageId != null) {
			message.setHeader("Message-ID", messageId);
		}
		try (OutputStream out = Files.newOutputStream(file)) {
			message.writeTo(out);
		}
	}

	/** Where demo e-mail goes instead of an SMTP server, if it does. */
	public Optional<Path> outbox() {
		return sender.getIfAvailable() instanceof OutboxMailSender outbox ? Optional.of(outbox.outbox())
				: Optional.empty();
	}

	/**
	 * The Message-ID of the e-mail to one recipient: the same report, range and recipient
	 * give the same one.
	 */
	public String messageId(RunDigest email, String recipient) {
		String hash = Digests.sha256Hex(email.identity() + "\n" + recipient.toLowerCase(Locale.ROOT), 16);
		return "<" + hash + "." + email.report() + "@" + properties.domain() + ">";
	}

	private MimeMessage compose(RunDigest email, String recipient, MimeMessage message) {
		try {
			// mixed: the files; related inside it: the body and the pictures it shows
			MimeMessageHelper helper = new MimeMessageHelper(message, MimeMessageHelper.MULTIPART_MODE_MIXED_RELATED,
					StandardCharsets.UTF_8.name());
			helper.setFrom(properties.from());
			helper.setTo(recipient);
			helper.setSubject(email.subject());
			helper.setSentDate(Date.from(clock.instant()));
			helper.setText(EmailBody.plain(email), EmailBody.html(email));
			for (ChartPicture chart : email.charts()) {
				helper.addInline(chart.name(), chart.fileName(), new ByteArrayResource(chart.png()), "image/png");
			}
			for (Path file : email.attachments()) {
				// base64 whatever the type, so that a CSV arrives with its own line
				// endings, byte for byte
				MimeBodyPart part = new MimeBodyPart();
				part.attachFile(file.toFile(), contentType(file), "base64");
				helper.getRootMimeMultipart().addBodyPart(part);
			}
			message.setHeader("Message-ID", messageId(email, recipient));
			return message;
		}
		catch (MessagingException | IOException ex) {
			throw new DeliveryException("the e-mail to " + recipient + " could not be put together: " + ex.getMessage(),
					ex);
		}
	}

	static String contentType(Path file) {
		String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
		if (name.endsWith(".xlsx")) {
			return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
		}
		if (name.endsWith(".csv")) {
			return "text/csv; charset=UTF-8";
		}
		if (name.endsWith(".pdf")) {
			return "application/pdf";
		}
		if (name.endsWith(".zip")) {
			return "application/zip";
		}
		return "application/octet-stream";
	}

	/**
	 * The innermost message of a mail failure, in one line: what the SMTP server or the
	 * network said.
	 */
	private static String reason(Throwable failure) {
		if (failure == null) {
			return "unknown failure";
		}
		// the network's failure in words, never a class name; the server's own answer as
		// it gave it ("550 5.1.1 no such user")
		if (Failures.find(failure, IOException.class).isPresent()) {
			return "no answer from the mail server (" + NoAnswer.why(failure) + ")";
		}
		String line = Failures.firstLine(Failures.root(failure).getMessage());
		return line.isEmpty() ? "the mail server refused it" : "the mail server said " + line;
	}

}
