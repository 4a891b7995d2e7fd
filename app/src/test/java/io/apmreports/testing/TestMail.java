package io.apmreports.testing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A real SMTP server (GreenMail) for a test class, and what tests read of the messages it
 * received.
 */
public final class TestMail {

	private TestMail() {
	}

	/**
	 * One server for the whole class, on a free port, so that the Spring context's mail
	 * settings stay valid.
	 */
	public static GreenMailExtension server() {
		return new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort()).withPerMethodLifecycle(false);
	}

	/** Points a test's context at an SMTP port on this host. */
	public static void register(DynamicPropertyRegistry registry, Supplier<Object> port) {
		registry.add("spring.mail.host", () -> "127.0.0.1");
		registry.add("spring.mail.port", port);
	}

	/**
	 * The first part of {@code type} ({@code text/plain}, {@code text/html}) that is not
	 * an attachment, decoded; {@code null} when there is none.
	 */
	public static String text(Part part, String type) throws MessagingException, IOException {
		if (part.isMimeType(type) && !Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
			return (String) part.getContent();
		}
		if (part.getContent() instanceof Multipart multipart) {
			for (int i = 0; i < multipart.getCount(); i++) {
				String text = text(multipart.getBodyPart(i), type);
				if (text != null) {
					return text;
				}
			}
		}
		return null;
	}

	/** The file names of a message's attachments, in order. */
	public static List<String> attachmentNames(Part part) throws MessagingException, IOException {
		List<String> names = new ArrayList<>();
		if (Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
			names.add(part.getFileName());
		}
		else if (part.getContent() instanceof Multipart multipart) {
			for (int i = 0; i < multipart.getCount(); i++) {
				names.addAll(attachmentNames(multipart.getBodyPart(i)));
			}
		}
		return names;
	}

	/** The To address of each message, in the order received. */
	public static List<String> recipients(MimeMessage[] messages) throws MessagingException {
		List<String> recipients = new ArrayList<>();
		for (MimeMessage message : messages) {
			recipients.add(message.getRecipients(Message.RecipientType.TO)[0].toString());
		}
		return recipients;
	}

}
