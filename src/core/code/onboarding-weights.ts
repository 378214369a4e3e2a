/**
 * @module core/code/onboarding-weights
 * Written by `npm run bench -- train-onboarding` from the onboarding bench's dev items (steps 400, rate 0.5, l2 0.3): do not edit by hand.
 */
import type { FusedTask, LinearModel } from './onboarding-model.js';

export const ONBOARDING_WEIGHTS: Record<FusedTask, LinearModel> = {
  related: {
    features: [
      'adamicAdar',
      'bfs',
      'busy',
      'churn',
      'cochange',
      'cochangeRank',
      'commits',
      'confidence',
      'degree',
      'distance2',
      'folderOverlap',
      'imported',
      'importer',
      'neighbourHistory',
      'partnerShare',
      'sameFolder',
      'secondOrder',
      'sharedImporters',
      'sharedImports',
      'similarName',
      'subjects',
      'subjectsRank',
      'topic',
      'topicScore',
    ],
    mean: [
      0.915869, 0.031693, 0.026694, 0.433255, 0.064294, 0.025787, 1.722689, 0.005579, 2.517069, 0.78232, 0.505439, 0.0966, 0.046793, 0.095869, 0.010734,
      0.072256, 0.004558, 0.213651, 0.134228, 0.019832, 11.626613, 0.027769, 0.021723, 0.265875,
    ],
    scale: [
      1.432999, 0.095808, 0.092064, 0.542311, 0.179371, 0.096072, 0.894345, 0.019757, 0.684108, 0.412669, 0.153811, 0.295412, 0.211194, 0.159282, 0.035076,
      0.258911, 0.008622, 0.185973, 0.147764, 0.094334, 12.519266, 0.060955, 0.061602, 0.432328,
    ],
    weights: [
      0.049983, 0.065404, 0.081635, 0.161446, 0.066767, 0.032029, 0.052877, 0.052662, 0.051931, -0.09218, 0.012054, 0.11271, 0.073922, 0.07928, 0.066578,
      0.033322, 0.072075, 0.082818, 0.093556, 0.085973, 0.131623, 0.068314, 0.081532, 0.159562,
    ],
  },
  topic: {
    features: [
      'baseWords',
      'best.cochange',
      'best.confidence',
      'best.imported',
      'best.importer',
      'best.neighbourHistory',
      'best.sameFolder',
      'best.sharedImporters',
      'best.sharedImports',
      'best.similarName',
      'busy',
      'churn',
      'commits',
      'degree',
      'lexical',
      'lexicalChunks',
      'lexicalHit',
      'lexicalScore',
      'lexicalShare',
      'neighboursOfBest',
      'pathWords',
      'subjects',
      'subjectsRank',
      'tiedByHistory',
      'tiedByImports',
      'tiedToBest',
      'topic',
      'vector',
      'vectorHit',
      'vectorScore',
    ],
    mean: [
      0.027674, 0.072928, 0.006592, 0.117087, 0.046238, 0.103328, 0.119466, 0.218523, 0.128821, 0.02216, 0.033935, 0.506787, 1.811336, 2.574387, 0.027952,
      0.272573, 0.266834, 0.295687, 0.301965, 0.200296, 0.033275, 1.344812, 0.032545, 0.01508, 0.397876, 0.006592, 0.033535, 0.032512, 0.31534, 0.158215,
    ],
    scale: [
      0.113488, 0.196457, 0.020831, 0.321524, 0.209999, 0.172251, 0.324336, 0.196947, 0.166199, 0.100823, 0.105436, 0.572347, 0.934377, 0.702065, 0.100842,
      0.450502, 0.442305, 0.440428, 0.449718, 0.16339, 0.123821, 1.940411, 0.099649, 0.031744, 0.560563, 0.020831, 0.105518, 0.105723, 0.464651, 0.246864,
    ],
    weights: [
      0.051507, 0.047162, 0.027586, -0.0047, 0.073543, 0.044141, -0.017072, 0.002382, -0.003999, 0.010415, 0.090711, 0.192279, 0.072269, 0.068689, 0.081232,
      0.123274, 0.114524, 0.105819, 0.104705, 0.005274, 0.053703, 0.120462, 0.095376, 0.070801, 0.063705, 0.027586, 0.092977, 0.069851, 0.007571, 0.028666,
    ],
  },
};
