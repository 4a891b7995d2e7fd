package io.apmreports.delivery;

import java.io.IOException;
import java.nio.file.Files;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import org.springframework.mail.MailException;
import org.springframework.mail.MailParseException;
import org.springframework.mail.MailSendException;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.MimeMailMessage;

/**
 * A mail sender that sends nothing: it writes each message, exactly as it would go out,
 * as an {@code .eml} file into an outbox directory. The demo delivers this way, so that
 * it needs no SMTP server and mails no one with demo data. It is no
 * {@code JavaMailSenderImpl}: that would give it a mail health of its own, an SMTP
 * server's, which it has none of.
 */
public class OutboxMailSender implements JavaMailSender {

	private final Session session = Session.getInstance(new Properties());

	private final Path outbox;

	public OutboxMailSender(Path outbox) {
		this.outbox = outbox;
	}

	/** Where the messages go. */
	public Path outbox() {
		return outbox;
	}

	@Override
	public MimeMessage createMimeMessage() {
		return new MimeMessage(session);
	}

	@Override
	public MimeMessage createMimeMessage(InputStream contentStream) throws MailException {
		try {
			return new MimeMessage(session, contentStream);
		}
		catch (MessagingException ex) {
			throw new MailParseException("the message could not be read", ex);
		}
	}

	@Override
	public void send(SimpleMailMessage... simpleMessages) throws MailException {
		MimeMessage[] messages = new MimeMessage[simpleMessages.length];
		for (int i = 0; i < simpleMessages.length; i++) {
			messages[i] = createMimeMessage();
			simpleMessages[i].copyTo(new MimeMailMessage(messages[i]));
		}
		send(messages);
	}

	@Override
	public void send(MimeMessage... mimeMessages) throws MailException {
		Map<Object, Exception> failures = new LinkedHashMap<>();
		for (MimeMessage message : mimeMessages) {
			try {
				Files.createDirectories(outbox);
				ReportMailer.writeEml(message, outbox.resolve(fileName(message)));
			}
			catch (MessagingException | IOException ex) {
				failures.put(message, ex);
			}
		}
		if (!failures.isEmpty()) {
			throw new MailSendException(failures);
		}
	}

	/**
	 * The recipient and the Message-ID's own part: one file per recipient and run, the
	 * same for a message sent twice.
	 */
	static String fileName(MimeMessage message) throws MessagingException {
		Address[] to = message.getAllRecipients();
		String recipient = to == null || to.length == 0 ? "nobody" : to[0].toString();
		String messageId = message.getMessageID() == null ? "" : message.getMessageID().replaceAll("[<>]|@.*", "");
		return (recipient + "_" + messageId).replaceAll("[^A-Za-z0-9@._+-]", "_") + ".eml";
	}

}
