package io.apmreports.report.picture;

/**
 * One chart drawn as a PNG picture, for readers that cannot draw the workbook's native
 * charts: the e-mail shows it inline and the PDF prints it.
 *
 * @param name a short name without spaces ({@code response-time}): the picture's file
 * name without {@code .png} and its Content-ID in the e-mail
 * @param title what it shows, in words, for the alternative text and the PDF
 * @param width its width in pixels
 * @param height its height in pixels
 * @param png the PNG file's bytes
 */
public record ChartPicture(String name, String title, int width, int height, byte[] png) {

	/** The file name it is attached under. */
	public String fileName() {
		return name + ".png";
	}

}
