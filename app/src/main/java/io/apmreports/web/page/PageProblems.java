package io.apmreports.web.page;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;

import io.apmreports.failure.UserFacingException;
import io.apmreports.web.NoSuchRun;
import io.apmreports.web.NotAllowed;

/**
 * The pages' refusals as a page of one line, in the command line's words: another team's
 * run is told as no run at all (404), never a stack trace or a class name.
 */
@ControllerAdvice(basePackageClasses = PageProblems.class)
@ConditionalOnWebApplication
class PageProblems {

	@ExceptionHandler(NoSuchRun.class)
	ModelAndView noSuchRun(NoSuchRun ex) {
		return page(HttpStatus.NOT_FOUND, ex.getMessage());
	}

	/** A run id that is no number names no run either. */
	@ExceptionHandler(MethodArgumentTypeMismatchException.class)
	ModelAndView notANumber(MethodArgumentTypeMismatchException ex) {
		return page(HttpStatus.NOT_FOUND, "no such page");
	}

	@ExceptionHandler(NotAllowed.class)
	ModelAndView notAllowed(NotAllowed ex) {
		return page(HttpStatus.FORBIDDEN, ex.getMessage());
	}

	@ExceptionHandler(UserFacingException.class)
	ModelAndView refused(UserFacingException ex) {
		return page(HttpStatus.BAD_REQUEST, ex.getMessage());
	}

	private static ModelAndView page(HttpStatus status, String message) {
		ModelAndView page = new ModelAndView("error", status);
		page.addObject("status", status.value());
		page.addObject("error", status.getReasonPhrase());
		page.addObject("message", message);
		return page;
	}

}
