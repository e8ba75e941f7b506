/** The built-in evaluator's worker thread, for the server (see @shunkan/evaluator/worker). */
export { EvaluatorClosedError, serveEvaluator, startEvaluatorWorker, type WorkerEvaluator } from '@shunkan/evaluator/worker';
