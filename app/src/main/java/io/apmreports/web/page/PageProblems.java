package io.apmreports.web.page;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

import io.apmreports.failure.UserFacingException;
import io.apmreports.web.NoSuchRun;
import io.apmreports.web.NotAllowed;

/**
 * The pages' refusals as a page of one line, the line the command line would print: a run
 * of another team is "no run" (404) as a missing one is.
 */
@ControllerAdvice(basePackageClasses = PageProblems.class)
@ConditionalOnWebApplication
class PageProblems {

	@ExceptionHandler(NoSuchRun.class)
	ModelAndView noSuchRun(NoSuchRun ex) {
		return problem(HttpStatus.NOT_FOUND, ex);
	}

	@ExceptionHandler(NotAllowed.class)
	ModelAndView notAllowed(NotAllowed ex) {
		return problem(HttpStatus.FORBIDDEN, ex);
	}

	@ExceptionHandler(UserFacingException.class)
	ModelAndView refused(UserFacingException ex) {
		return problem(HttpStatus.BAD_REQUEST, ex);
	}

	private static ModelAndView problem(HttpStatus status, UserFacingException ex) {
		ModelAndView page = new ModelAndView("problem", status);
		page.addObject("status", status.value());
		page.addObject("problem", ex.getMessage());
		return page;
	}

}
