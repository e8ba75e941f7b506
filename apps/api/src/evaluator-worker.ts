/** Entry of the evaluator's worker thread (see @shunkan/evaluator/worker). */
import { serveEvaluator } from '@shunkan/api-router/services/evaluator-worker';

serveEvaluator();
